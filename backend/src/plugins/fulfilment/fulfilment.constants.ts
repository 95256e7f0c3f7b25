export const loggerCtx = 'FulfilmentPlugin';
export const FULFILMENT_OPTIONS = Symbol('FULFILMENT_OPTIONS');
