/**
 * @quay/core: what the server and the web app share, and its table of
 * contents. Named exports only, grouped by the file they come from. The
 * gateway's fixed test vectors have their own entry, `@quay/core/gateway-vectors`.
 */

// Interface languages: locale, languageType, catalogue, direction, matching.
export { LOCALES, CATALOGUES, LANGUAGES, DEFAULT_LOCALE, isLocale } from './locales';
export { normaliseLocale, localeOfPathSegment, resolveLocale, languageOf } from './locales';
export { localeOfLanguageType, matchBrowserLanguage, matchAcceptLanguage } from './locales';
export type { Locale, Catalogue, LanguageEntry } from './locales';

// The web app's pages: the one route list the web router and the server's 404 share.
export { APP_ROUTES, matchAppRoute, isAppPath } from './app-routes';
export type { AppRoute } from './app-routes';

// Valuation currencies: the units and their options.
export { CURRENCY_TYPES, CURRENCY_OPTIONS, isCurrencyType } from './currencies';
export type { CurrencyType, CurrencyOption } from './currencies';

// Numbers: decimal.js at precision 20, the grouped amount, PnL and ROE formats, zero-safe division.
export { Decimal, EMPTY_TEXT, PERCENT_DECIMALS, PNL_DECIMALS, toDecimal } from './numbers';
export { groupThousands, formatAmount, formatRoe, formatPnl, safeDivide } from './numbers';
export type { DecimalValue, NumericInput } from './numbers';

// The wire protocol: envelope, the one error registry (`ERRORS`), session
// names and the field rules both sides validate with.
export { API_PREFIX, ERRORS, errorNameOfCode, USERINFO_PATH, SESSION_HEADER } from './protocol';
export { SESSION_COOKIE, VERIFY_PURPOSES, PASSWORD_MIN, PASSWORD_MAX } from './protocol';
export { passwordRuleFailures, EMAIL_PATTERN, EMAIL_MAX, normaliseEmail } from './protocol';
export { DECIMAL_PATTERN, isPlainDecimal, toPlainDecimal, MOBILE_PATTERN } from './protocol';
export { AREA_CODE_PATTERN, VERIFY_CODE_PATTERN } from './protocol';
export type { Envelope, EnvelopeStatus, ErrorName, ErrorCodeValue } from './protocol';
export type { VerifyPurpose } from './protocol';

// Gateway wire: paths, headers, sign modes, canonical strings, trace ids, clock offset.
export { GATEWAY_SIGN_CONFIG_PATH, CLIENT_KEY_REGISTER_PATH } from './gateway-protocol';
export { DEVICE_TOKEN_PATH, CSP_REPORT_PATH, SIGN_HEADERS } from './gateway-protocol';
export { SERVER_TIME_HEADERS, SIGN_ERROR_HEADER, DEVICE_TOKEN_HEADER } from './gateway-protocol';
export { DEVICE_TOKEN_COOKIE, TERMINAL_CODE_HEADER, DEVICE_TOKEN_LENGTH } from './gateway-protocol';
export {
  DEVICE_TOKEN_EXACT_PATHS,
  DEVICE_TOKEN_PREFIX_PATHS,
  needsDeviceToken,
} from './device-token-paths';
export { DEVICE_APP_IDS, SIGN_MODES, DEFAULT_SIGN_MODE, isSignMode } from './gateway-protocol';
export { SIGN_ALGORITHMS, DEFAULT_SIGN_ALGORITHM, isSignAlgorithm } from './gateway-protocol';
export { MODULUS_BITS, SIGN_TIME_WINDOW_MS, SIGN_TIME_CHARS } from './gateway-protocol';
export { TRACE_ID_PATTERN, AES_KEY_BYTES, AES_IV_BYTES } from './gateway-protocol';
export { KEY_GENERATION_LIMIT_MS, signModeFor, bodyMd5, signTimeOf } from './gateway-protocol';
export { canonicalSignString, signedPathOf, SAFE_METHODS, newTraceId } from './gateway-protocol';
export { isTraceId, traceTimeOf, clockOffsetOf, requestTimeOf } from './gateway-protocol';
export type { SignMode, SignAlgorithm, GatewaySignConfig } from './gateway-protocol';
export type { CanonicalInput, SignedTarget } from './gateway-protocol';

// Gateway Web Crypto access and encodings: UTF-8, base64, PEM.
export { utf8, toBase64, fromBase64, toPem, fromPem } from './gateway-web-crypto';
export type { GatewayCryptoKey, GatewayKeyPair } from './gateway-web-crypto';

// Gateway signing: client keys, signatures, server key check, registration, signed headers.
export { generateClientKeyPair, importSigningPrivateKey } from './gateway-signing';
export { importVerifyingPublicKey, exportPublicKeyPem, modulusBitsOf } from './gateway-signing';
export { clientKeyId, signText, verifyText, signServerPublicKey } from './gateway-signing';
export { verifyServerPublicKey, keyCheckMessage } from './gateway-signing';
export { buildClientKeyRegistration, signRequestHeaders } from './gateway-signing';
export { DEVICE_CHECK_FIELD_NAMES, userIdHashOf, deviceCheckMessage } from './gateway-signing';
export { buildDeviceCheckFields } from './gateway-signing';
export type { ClientKeyRegistration, DeviceCheckFields, SignRequestInput } from './gateway-signing';

// Gateway login-body encryption (`bodyCiphertext`) and its RSA-OAEP keys.
export { importDecryptionPrivateKey, importEncryptionPublicKey } from './gateway-body-encryption';
export { ENCRYPTED_BODY_FIELDS, BODY_CIPHERTEXT_FIELD } from './gateway-body-encryption';
export { aesCbcEncrypt, aesCbcDecrypt, encryptBodyFields } from './gateway-body-encryption';
export { encryptRequestBody, decryptBodyFields } from './gateway-body-encryption';
export type { BodyCiphertext } from './gateway-body-encryption';

// Accounts on the wire: user info, login and its second factors.
export { SYSTEM_LOGIN_TTL_S, LOGIN_METHODS, WITHDRAW_BATCH_MAX } from './login-checks';
export { AGENCY_SHARE_MAX_BPS, AGENCY_INVITEES_LISTED } from './login-checks';
export type { SystemLoginVerification, SystemLoginAnswer } from './login-checks';
export type { SystemLoginAnswerV2, LoginMethod, LoginPreCheck } from './login-checks';
export type { LoginOptions, AgencyInvitee, AgencyOverview } from './login-checks';
export { SECOND_FACTORS, LOGIN_TICKET_TTL_S } from './accounts';
export {
  PASSKEY_MAX,
  PASSKEY_CHALLENGE_TTL_S,
  QR_LOGIN_TTL_S,
  QR_LOGIN_APPROVE_PATH,
  type PasskeyInfo,
  type QrKeyStatus,
  type QrKeyIssued,
  type QrLoginRequest,
} from './logins';
export {
  THIRD_PARTY_PENDING_TTL_S,
  OIDC_FLOW_TTL_S,
  WALLET_NONCE_TTL_S,
  OIDC_CALLBACK_PATH,
  TELEGRAM_CALLBACK_PATH,
  THIRD_PARTY_PATHS,
  type ThirdPartyKind,
  type OidcProviderInfo,
  type ThirdPartyProviders,
  type WalletNonce,
  type PendingIdentity,
  type ThirdPartySignAnswer,
  type LinkedIdentity,
} from './third-party-login';
export type { UserInfo, ReferralFields, SessionAnswer, SessionAnswerV2 } from './accounts';
export type { SecondFactor, LoginVerification, LoginAnswer, FactorCodes } from './accounts';
export type { FactorChange, SecondFactorStatus, GoogleSetup } from './accounts';

// Account security: password change and reset, anti-phishing code, sessions, freezing.
export { ANTI_PHISHING_PATTERN, ANTI_PHISHING_MIN, ANTI_PHISHING_MAX } from './account-security';
export { WITHDRAW_HOLD_AFTER_RESET_S } from './account-security';
export type { SecurityOverview, AccountSession, PasswordChange } from './account-security';
export type { PasswordReset, ResetRequirements, AntiPhishingChange } from './account-security';
export type { FreezeRequest } from './account-security';

export { parseUserAgent, describeUserAgent } from './user-agent';
export type { UserAgentReading } from './user-agent';

// API keys: their management under /v1 and the signed public API (Bitget v2) under /api/v2.
export { API_KEY_SCOPES, API_KEY_MAX_PER_USER, API_KEY_MAX_IPS } from './api-keys';
export { API_KEY_LABEL_MAX, API_KEY_PASSPHRASE_PATTERN, API_KEY_PATHS } from './api-keys';
export { PUBLIC_API_PREFIX, PUBLIC_API_PATHS, PUBLIC_API_HEADERS } from './api-keys';
export { PUBLIC_API_WINDOW_MS, PUBLIC_API_SUCCESS, PUBLIC_API_CODES } from './api-keys';
export { PUBLIC_API_PARAMETER_CODE, PUBLIC_API_SYSTEM_CODE } from './api-keys';
export { publicApiSignPayload } from './api-keys';
export type { ApiKeyScope, ApiKeyStatus, ApiKeySummary, CreateApiKey } from './api-keys';
export type { CreatedApiKey, UpdateApiKey, ApiKeyStatusChange } from './api-keys';
export type { PublicApiEnvelope, PublicSpotAsset, PublicPlaceOrder } from './api-keys';
export type { PublicOrderAnswer, ApiKeyRequest } from './api-keys';
export { API_KEY_REQUEST_LOG_MAX, API_KEY_REQUEST_LOG_DAYS } from './api-keys';

// Platform configuration and public content on the wire.
export { PLATFORM_CONFIG_PATH, IMAGE_PROBE_PATH, LEGAL_DOCS, HELP_SLUG_PATTERN } from './platform';
export { APP_DOWNLOAD_PLATFORMS, BETA_HEADER, BETA_HEADER_VALUE } from './platform';
export type { ChannelCodeRule, ActiveLinkRule, CampaignCacheSettings } from './platform';
export type { AppDownloads, PlatformConfig, CoinInfo, AnnouncementSummary } from './platform';
export type { Announcement, LegalDoc, LegalDocument, HelpArticle, Banner } from './platform';
export type { LoginRecord, Page, Invitee, ReferralOverview } from './platform';

// Spot markets: steps and fees, exact decimal <-> tick and lot conversions.
export { DEFAULT_SPOT_MARKETS, decimalsOfStep, priceToTicks, ticksToPrice } from './markets';
export { quantityToLots, lotsToQuantity, notionalOf, meetsMinNotional } from './markets';
export { spotMarket } from './markets';
export type { SpotMarketConfig } from './markets';

// Spot trading and assets on the wire: paths, answers, klines, channels.
export { SPOT_PATHS, ASSET_PATHS, KLINE_INTERVALS, KLINE_INTERVAL_MS } from './spot-api';
export { isKlineInterval, klineOpenTime, WS_CHANNELS } from './spot-api';
export type { KlineInterval, OrderSide, SpotOrderType, SpotTimeInForce } from './spot-api';
export type { SpotOrderStatus, OrderCancelReason, SpotMarketInfo, Ticker } from './spot-api';
export type { DepthLevel, DepthSnapshot, PublicTrade, Kline, PlaceSpotOrder } from './spot-api';
export type { SpotOrder, SpotFill, CancelAllAnswer, Balance, CoinSetting } from './spot-api';
export type { Valuation, DepositAddress, WithdrawRequest, AssetRecordType } from './spot-api';
export type { AssetRecordStatus, AssetRecord, DepthPush, ChannelPush } from './spot-api';

// Simulation (demo trading): its header, demo coins, markets and channels.
export { SIMULATED_HEADER, SIMULATED_HEADER_VALUE, DEMO_GRANT } from './simulation';
export { DEMO_COIN_PREFIX, SIMULATION_PATHS, DEMO_CHANNEL_SUFFIX, demoCoinOf } from './simulation';
export { demoCoinNameOf } from './simulation';
export { demoMarketOf, demoSymbolOf, realSymbolOf } from './simulation-markets';
export { demoChannelOf } from './simulation';

// Perpetuals maths, 1 of 4: side, margin and position-mode enums; the
// leverage and maintenance tier tables, their lookups and leverage caps.
export { POSITION_SIDE, MARGIN_MODE, POSITION_MODE, DEFAULT_FUTURES_TIERS } from './futures-tiers';
export { directionOf, tierIndexForNotional, tierForNotional } from './futures-tiers';
export { maxLeverageForNotional, maxNotionalForLeverage } from './futures-tiers';
export { derivedMaintenanceAmounts } from './futures-tiers';
export type { PositionSide, MarginMode, PositionMode, MaintenanceTier } from './futures-tiers';

// Perpetuals maths, exact: the one implementation of a position's money
// figures in bigint units (the host's minor units), and its converters.
export { MINOR_DECIMALS, pow10, scaleOf, unitsOf, unitsCeil } from './futures-exact';
export { decimalOfUnits, lotValue, positionPnl, initialMarginOf, feeAt } from './futures-exact';
export { feeOfBps, orderCostOf, maintenanceMarginOf, shareOf, closeOf } from './futures-exact';
export { averageEntry, crossFiguresOf, freeMarginOf, removableMarginOf } from './futures-exact';
export { atMaintenance, marginRatioOf } from './futures-exact';
export type { CrossLeg, CrossFigures } from './futures-exact';

// Perpetuals maths, 2 of 4: margins, PnL, ROE and the prices of one position.
export { notionalValue, unrealisedPnl, initialMargin, roePercent } from './futures-margin';
export { maintenanceMarginInTier, maintenanceMargin, orderCost } from './futures-margin';
export { bankruptcyPrice, marginRequirement, breakEvenPrice } from './futures-margin';
export { closePriceForRoe, closePriceForPnl, averageEntryPrice } from './futures-margin';
export { realisedPnl } from './futures-margin';
export type { MarginRequirement, RealisedPnl } from './futures-margin';

// Perpetuals maths, 3 of 4: the liquidation price.
export { liquidationPrice, formatLiquidationPrice } from './futures-liquidation';
export type { LiquidationLeg, LiquidationInput } from './futures-liquidation';

// Perpetuals maths, 4 of 4: derived position fields, account risk inputs, TP/SL bounds.
export { derivePositionFields, accountRiskInputs } from './futures-risk';
export { crossLiquidationPriceFromRisk, tpSlBounds, validateTpSlPrice } from './futures-risk';
export type { FuturesPositionRecord, Trend, DerivedPositionFields } from './futures-risk';
export type { RiskPosition, RiskOpenOrder, CrossRiskInputs } from './futures-risk';
export type { AccountRiskInputs, TpSlBounds } from './futures-risk';

// Perpetual markets and names: the `_PERP` symbol, default markets, leverage.
export { PERP_SUFFIX, DEFAULT_PERP_MARKETS, DEFAULT_LEVERAGE } from './futures-markets';
export { FUTURES_COIN, perpSymbolOf, pairOfPerp, isPerpSymbol } from './futures-markets';
export { demoPerpMarketOf, maxLeverageOf } from './futures-markets';
export type { PerpMarketConfig } from './futures-markets';

// Perpetuals on the wire: paths, market data answers, channels.
export { FUTURES_PATHS, FUTURES_CHANNELS } from './futures-api';
export type { PerpMarketInfo, PerpTicker, MarkInfo, FundingRateRecord } from './futures-api';

// Perpetual orders, fills, positions, account and settings on the wire.
export type { FuturesOrderType, FuturesTimeInForce, FuturesOrderStatus } from './futures-orders';
export type { FuturesOrderSource, TriggerPriceType, PlaceFuturesOrder } from './futures-orders';
export type { FuturesOrder, FuturesFill, FuturesPosition, FuturesAccount } from './futures-orders';
export type { FuturesSettings, SetLeverage, SetMarginMode } from './futures-orders';
export type { SetPositionMode, TransferDirection, FuturesTransfer } from './futures-orders';
export type { AdjustMargin, ClosePosition, SetPositionTpSl } from './futures-orders';

// Perpetual plans on the wire: trigger orders, TP/SL, trailing stops.
export { TRAILING_CALLBACK_MIN, TRAILING_CALLBACK_MAX } from './futures-plans';
export { TRAILING_CALLBACK_DECIMALS, trailingCallbackBps } from './futures-plans';
export type { PlaceFuturesPlan, PlaceTriggerPlan, PlaceTrailingStop } from './futures-plans';
export type { FuturesPlanStatus, FuturesPlanKind, FuturesPlan } from './futures-plans';

// Spot trigger orders and TP/SL on the wire.
export { SPOT_PLAN_PATHS, SPOT_PLANS_MAX_PER_MARKET, SPOT_PLANS_CHANNEL } from './spot-plans';
export type { PlaceSpotPlan, ModifySpotPlan, SpotTriggerBy, SpotPlanStatus } from './spot-plans';
export type { SpotPlanKind, SpotPlan } from './spot-plans';

// Perpetual wallet records on the wire: funding payments, bills, protection fund.
export type { FundingPayment, FuturesBillType, FuturesBill } from './futures-records';
export type { ProtectionFundEventKind, ProtectionFundEvent } from './futures-records';
export type { ProtectionFund } from './futures-records';

// VIP tiers and fees on the wire: paths, the default tiers, exact rates in parts per million.
export { FEE_PATHS, FEE_RATE_SCALE, DEFAULT_VIP_TIERS, ppmAsFraction, feeAtPpm } from './fees';
export type { VipTierConfig, VipTier, FeeSchedule, MyVip } from './fees';
// Margin trading on the wire: paths, modes, accounts, loans, orders and records.
export { MARGIN_PATHS, MARGIN_MODES, MARGIN_RECORD_KINDS, MARGIN_WALLETS } from './margin-api';
export type { MarginModeName, MarginRecordKind, MarginWallet } from './margin-api';
export type { MarginAccountStatus, MarginCoinInfo, MarginMarketInfo } from './margin-api';
export type { MarginLevels, MarginConfig, MarginAsset, MarginAccount } from './margin-api';
export type { MarginAccountRef, MarginMax, MarginTransfer, MarginBorrow } from './margin-api';
export type { MarginRepay, PlaceMarginOrder, CancelMarginOrder } from './margin-api';
export type { CancelAllMarginOrders, MarginOrder, MarginOrderInfo } from './margin-api';
export type { MarginRecord, MarginNotice } from './margin-api';

// Sub-accounts on the wire.
export { SUB_ACCOUNT_PATHS, SUB_ACCOUNT_MAX, SUB_ACCOUNT_NAME_PATTERN } from './sub-accounts';
export { MAIN_SESSION_COOKIE, subAccountEmail } from './sub-accounts';
export type { SubAccountStatus, SubAccountSummary, SubAccountList } from './sub-accounts';
export type { SubAccountTransferRequest, SubAccountTransfer } from './sub-accounts';
export type { SubAccountState, SubAccountSettings, SubAccountApiKeyCreate } from './sub-accounts';
