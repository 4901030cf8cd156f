export * from './error-codes.js';
export * from './app-error.js';
export * from './envelopes.js';
export * from './ids.js';
export * from './time.js';
export * from './dependency-failure.js';
export * from './keyed-slots.js';
export * from './lua-command.js';
