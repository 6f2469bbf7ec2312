/** Calling codes offered in the area-code pickers, by region. */
export const AREA_CODES: ReadonlyArray<{ region: string; code: string }> = [
  { region: 'US', code: '1' },
  { region: 'GB', code: '44' },
  { region: 'JP', code: '81' },
  { region: 'CN', code: '86' },
  { region: 'HK', code: '852' },
  { region: 'TW', code: '886' },
  { region: 'KR', code: '82' },
  { region: 'SG', code: '65' },
  { region: 'IN', code: '91' },
  { region: 'ID', code: '62' },
  { region: 'VN', code: '84' },
  { region: 'TH', code: '66' },
  { region: 'PH', code: '63' },
  { region: 'MY', code: '60' },
  { region: 'AE', code: '971' },
  { region: 'SA', code: '966' },
  { region: 'EG', code: '20' },
  { region: 'TR', code: '90' },
  { region: 'RU', code: '7' },
  { region: 'UA', code: '380' },
  { region: 'UZ', code: '998' },
  { region: 'DE', code: '49' },
  { region: 'FR', code: '33' },
  { region: 'IT', code: '39' },
  { region: 'ES', code: '34' },
  { region: 'PT', code: '351' },
  { region: 'PL', code: '48' },
  { region: 'NL', code: '31' },
  { region: 'BG', code: '359' },
  { region: 'BR', code: '55' },
  { region: 'MX', code: '52' },
  { region: 'AR', code: '54' },
  { region: 'NG', code: '234' },
  { region: 'ZA', code: '27' },
  { region: 'AU', code: '61' },
  { region: 'CA', code: '1' },
];

/** Region names in the interface language, from the browser's own data. */
export function regionName(region: string, languageKey: string): string {
  try {
    return new Intl.DisplayNames([languageKey, 'en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
