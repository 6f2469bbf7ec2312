import type { CoinInfo } from '@quay/core';

/** A coin's icon as the server ships it, or its initial on a disc when it ships none. */
export function CoinIcon({
  coin,
  info,
  size = 28,
}: {
  coin: string;
  info: CoinInfo | undefined;
  size?: number;
}) {
  if (info?.iconUrl) {
    return <img className="coin-icon" src={info.iconUrl} alt="" width={size} height={size} />;
  }
  return (
    <span
      className="coin-icon coin-icon-fallback"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {coin.slice(0, 1)}
    </span>
  );
}

/** Icon, code and full name of a coin. */
export function CoinCell({ coin, info }: { coin: string; info: CoinInfo | undefined }) {
  return (
    <span className="coin-cell">
      <CoinIcon coin={coin} info={info} />
      <span className="coin-cell-text">
        <span className="coin-cell-code">{coin}</span>
        {info?.name && info.name !== coin ? (
          <span className="coin-cell-name">{info.name}</span>
        ) : null}
      </span>
    </span>
  );
}
