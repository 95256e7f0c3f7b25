export const DEV_MAILBOX_OPTIONS = Symbol('DEV_MAILBOX_OPTIONS');
export const loggerCtx = 'DevMailbox';
