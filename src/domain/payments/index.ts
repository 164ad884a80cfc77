/** Shared payment rules: card numbers, expiry, the add-card schemas, US states and money. */
export * from './card-number';
export * from './expiry';
export * from './card-schema';
export * from './us-states';
export * from '../money';
export * from './free-trial';
export * from './order-terms';
export * from './connect-requirements';
