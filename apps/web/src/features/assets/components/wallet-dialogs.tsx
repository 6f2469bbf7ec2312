import { useState, type ReactNode } from 'react';
import type { useSpotWallet } from '../hooks/use-spot-wallet';
import { DepositDialog } from './deposit-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type Open = { kind: 'deposit' | 'withdraw'; coin: string } | null;

/** The deposit and withdraw dialogs of a wallet page, opened for a coin. */
export function useWalletDialogs(wallet: ReturnType<typeof useSpotWallet>): {
  openDeposit: (coin?: string) => void;
  openWithdraw: (coin?: string) => void;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const firstCoin = wallet.rows[0]?.coin ?? 'USDT';
  return {
    openDeposit: (coin) => setOpen({ kind: 'deposit', coin: coin ?? firstCoin }),
    openWithdraw: (coin) => setOpen({ kind: 'withdraw', coin: coin ?? firstCoin }),
    dialogs:
      open?.kind === 'deposit' ? (
        <DepositDialog coin={open.coin} onClose={close} />
      ) : open?.kind === 'withdraw' ? (
        <WithdrawDialog
          coin={open.coin}
          coins={[...wallet.settings.values()]}
          balances={wallet.rows}
          onClose={close}
        />
      ) : null,
  };
}
