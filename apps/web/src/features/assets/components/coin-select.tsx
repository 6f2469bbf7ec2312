import type { CoinInfo, CoinSetting } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '../../../platform/widgets/app-select';
import type { SelectOption } from '../../../platform/widgets/select-rules';
import { CoinIcon } from './coin-cell';

/** The coin of a deposit or withdrawal: icon, code and name, searchable. */
export function CoinSelect({
  coins,
  icons,
  value,
  onChange,
  testId,
}: {
  coins: readonly CoinSetting[];
  icons: ReadonlyMap<string, CoinInfo> | undefined;
  value: string;
  onChange: (coin: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const options: SelectOption[] = coins.map((c) => {
    const info = icons?.get(c.coin);
    return {
      value: c.coin,
      imageUrl: info?.iconUrl,
      searchText: `${c.coin} ${info?.name ?? ''}`,
      label: (
        <span className="coin-option">
          <CoinIcon coin={c.coin} info={info} size={20} />
          <span className="coin-option-code">{c.coin}</span>
          {info?.name && info.name !== c.coin ? (
            <span className="coin-option-name">{info.name}</span>
          ) : null}
        </span>
      ),
    };
  });
  return (
    <AppSelect
      testId={testId}
      title={t('asset.coin')}
      size="large"
      searchable
      searchPlaceholder={t('asset.searchCoin')}
      options={options}
      value={value}
      onChange={onChange}
      style={{ width: '100%' }}
    />
  );
}

/** The coin's one network, shown as a settled choice. */
export function NetworkSelect({ network, testId }: { network: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <AppSelect
      testId={testId}
      title={t('asset.network')}
      size="large"
      options={[{ value: network, label: network }]}
      value={network || null}
      placeholder={t('asset.network')}
      style={{ width: '100%' }}
    />
  );
}
