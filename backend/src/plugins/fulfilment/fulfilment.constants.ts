export const loggerCtx = 'FulfilmentPlugin';
