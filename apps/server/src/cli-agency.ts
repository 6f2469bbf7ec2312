/** The operator's agency command: grant the role with a commission share, or revoke it. */
import { grantAgency, revokeAgency } from './modules/accounts';
import type { AppStore as Store } from './store';

export const AGENCY_COMMAND = {
  summary: "Make an account an agency with its share (bps of its accounts' fees), or take it back",
  usage: 'agency grant <email> <share bps 0-10000> | agency revoke <email>',
  options: {},
  positionals: true,
};

/** Runs `agency ...`; a wrong use or an unknown account throws a RangeError with the reason. */
export async function agencyCommand(store: Store, args: string[], now: number): Promise<string> {
  const [action, email, share] = args;
  if (action === 'grant' && email && share && args.length === 3) {
    if (!/^[0-9]{1,5}$/.test(share)) throw new RangeError(`bad share ${share}`);
    const userId = await grantAgency(store, email, Number(share), now);
    return `${email} (${userId}) is an agency with a ${share} bps share`;
  }
  if (action === 'revoke' && email && args.length === 2) {
    const done = await revokeAgency(store, email);
    return done ? `${email} is no agency any more` : `${email} was no agency`;
  }
  throw new RangeError('grant with an email and a share, or revoke with an email');
}
