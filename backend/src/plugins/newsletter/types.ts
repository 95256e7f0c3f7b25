export type SubscribeStatus = 'CONFIRMATION_SENT' | 'SUBSCRIBED' | 'ALREADY_SUBSCRIBED';
export type ConfirmStatus = 'CONFIRMED' | 'ALREADY_CONFIRMED' | 'INVALID_TOKEN';
