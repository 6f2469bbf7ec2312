export {
  LOCALES,
  CATALOGUES,
  LANGUAGES,
  DEFAULT_LOCALE,
  isLocale,
  normaliseLocale,
  resolveLocale,
  languageOf,
  localeOfLanguageType,
  isRtl,
  matchBrowserLanguage,
  matchAcceptLanguage,
} from './locales';
export type { Locale, Catalogue, LanguageEntry } from './locales';
export {
  CURRENCY_TYPES,
  CURRENCY_OPTIONS,
  isCurrencyType,
  currencyOption,
  defaultCurrencyFor,
} from './currencies';
export type { CurrencyType, CurrencyOption } from './currencies';
export {
  API_PREFIX,
  ERRORS,
  errorNameOfCode,
  LOGIN_EXPIRED_CODES,
  QUIET_USERINFO_CODES,
  USERINFO_PATH,
  SESSION_HEADER,
  SESSION_COOKIE,
  VERIFY_PURPOSES,
  PASSWORD_MIN,
  PASSWORD_MAX,
  passwordRuleFailures,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  AREA_CODE_PATTERN,
  VERIFY_CODE_PATTERN,
} from './protocol';
export type {
  Envelope,
  EnvelopeStatus,
  ErrorName,
  ErrorCodeValue,
  VerifyPurpose,
} from './protocol';
export { serverMessage, serverCatalogueNames } from './messages/index';
export type { MessageParams } from './messages/index';
export type { MessageName } from './messages/names';
export type { UserInfo, ReferralFields, SessionAnswer } from './accounts';
export {
  Decimal,
  EMPTY_TEXT,
  MAX_INTEGER_DIGITS,
  BTC_DECIMALS,
  USDT_DECIMALS,
  FIAT_DECIMALS,
  PERCENT_DECIMALS,
  PNL_DECIMALS,
  toDecimal,
  groupThousands,
  formatAmount,
  formatBtc,
  formatUsdt,
  formatFiat,
  formatPercent,
  formatRoe,
  formatPnl,
  cleanNumericInput,
  cacheTimeFromDays,
  safeDivide,
  add,
  subtract,
  multiply,
} from './numbers';
export type { DecimalValue, NumericInput } from './numbers';
export { PLATFORM_CONFIG_PATH, IMAGE_PROBE_PATH } from './platform';
export type {
  ChannelCodeRule,
  ActiveLinkRule,
  CampaignCacheSettings,
  PlatformConfig,
  CoinInfo,
  AnnouncementSummary,
  Announcement,
  Banner,
  LoginRecord,
  Page,
  Invitee,
  ReferralOverview,
} from './platform';
export {
  DEFAULT_SPOT_MARKETS,
  decimalsOfStep,
  priceToTicks,
  ticksToPrice,
  quantityToLots,
  lotsToQuantity,
  notionalOf,
  meetsMinNotional,
  spotMarket,
} from './markets';
export type { SpotMarketConfig } from './markets';
