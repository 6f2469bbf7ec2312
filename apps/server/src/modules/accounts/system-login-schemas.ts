/** Answer schemas of the new-device login confirmation, shared by the login routes. */
export const systemVerificationSchema = {
  type: 'object',
  required: ['ticket', 'expiresAt', 'channel', 'target'],
  properties: {
    ticket: { type: 'string' },
    expiresAt: { type: 'integer' },
    channel: { type: 'string' },
    target: { type: 'string' },
  },
} as const;
