/**
 * The matching engine and futures risk: pure and deterministic. Commands in,
 * events and result codes out; time and randomness are passed in.
 */
export const ENGINE_VERSION = 1;
