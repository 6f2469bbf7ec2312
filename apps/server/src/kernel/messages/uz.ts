import type { MessageName } from './names';

export const uz: Record<MessageName, string> = {
  SUCCESS: 'Muvaffaqiyatli',
  ERROR: 'Tizim band, keyinroq qayta urinib koʻring',
  UNAUTHORISED: 'Davom etish uchun tizimga kiring',
  LOGIN_REQUIRED: 'Avval tizimga kiring',
  ACCOUNT_DISABLED: 'Bu hisob oʻchirib qoʻyilgan',
  SESSION_REVOKED: 'Siz tizimdan chiqarildingiz',
  SIGN_MISSING: 'Soʻrov imzosi yoʻq',
  SIGN_MODE_MISMATCH: 'Soʻrov imzosi rejimi mos emas',
  SIGN_EXPIRED: 'Soʻrov imzosi muddati tugagan',
  SIGN_INVALID: 'Soʻrov imzosi yaroqsiz',
  TOKEN_INVALID: 'Kirish muddati tugadi, qaytadan kiring',
  SESSION_EXPIRED: 'Kirish muddati tugadi, qaytadan kiring',
  INVALID_PARAMETER: 'Soʻrov parametrlari yaroqsiz',
  FIELD_MISSING: '{field} maydoni majburiy',
  FIELD_TYPE: '{field} maydoni turi notoʻgʻri',
  FIELD_TOO_LONG: '{field} maydoni juda uzun (koʻpi bilan {limit} belgi)',
  FIELD_TOO_SHORT: '{field} maydoni juda qisqa (kamida {limit} belgi)',
  FIELD_FORMAT: '{field} maydoni formati notoʻgʻri',
  FIELD_UNKNOWN: '{field} maydoniga ruxsat berilmagan',
  BODY_MALFORMED: 'Soʻrov tanasini oʻqib boʻlmadi',
  TOO_MANY_REQUESTS: 'Soʻrovlar juda koʻp, {seconds} soniyadan keyin qayta urinib koʻring',
  ROUTE_NOT_FOUND: 'Soʻralgan resurs mavjud emas',
  PAYLOAD_TOO_LARGE: 'Soʻrov juda katta',
  UNSUPPORTED_MEDIA_TYPE: 'Bu kontent turi qoʻllab-quvvatlanmaydi',
  EMAIL_TAKEN: 'Bu elektron pochta allaqachon roʻyxatdan oʻtgan',
  MOBILE_TAKEN: 'Bu telefon raqami allaqachon roʻyxatdan oʻtgan',
  VERIFY_CODE_INVALID: 'Tasdiqlash kodi notoʻgʻri yoki muddati tugagan',
  PASSWORD_MISMATCH: 'Parollar mos kelmadi',
  PASSWORD_WEAK:
    'Parol 8 dan 32 gacha belgidan iborat boʻlishi va katta, kichik harflar hamda raqamni oʻz ichiga olishi kerak',
  LOGIN_FAILED: 'Hisob yoki parol notoʻgʻri',
  VERIFY_CODE_TOO_FREQUENT: 'Kod yaqinda yuborildi, {seconds} soniya kuting',
  REFERRAL_CODE_UNKNOWN: 'Bunday taklif kodi mavjud emas',
  ACCOUNT_LOCKED:
    'Muvaffaqiyatsiz urinishlar juda koʻp, {seconds} soniyadan keyin qayta urinib koʻring',
  EMAIL_INVALID: 'Toʻgʻri elektron pochta manzilini kiriting',
  MOBILE_INVALID: 'Toʻgʻri telefon raqamini kiriting',
  AREA_CODE_INVALID: 'Toʻgʻri mamlakat kodini kiriting',
  LOGIN_TICKET_INVALID: 'Kirishni tasdiqlash muddati tugadi, qaytadan kiring',
  GOOGLE_CODE_INVALID: 'Google Authenticator kodi notoʻgʻri',
  FACTOR_CODE_MISSING: 'Ushbu hisob talab qiladigan barcha tasdiqlash kodlarini kiriting',
  FACTOR_UNAVAILABLE:
    'Bu hisobda ushbu tasdiqlash usuli uchun elektron pochta yoki mobil raqam yoʻq',
  GOOGLE_SETUP_MISSING:
    'Tasdiqlashni kutayotgan yangi autentifikator kaliti yoʻq, qaytadan boshlang',
  FACTOR_NOT_ENABLED: 'Bu tasdiqlash usuli yoqilmagan',
  FACTOR_ALREADY_ENABLED: 'Bu tasdiqlash usuli allaqachon yoqilgan',
  TIME_RANGE_INVALID: 'Boshlanish vaqti tugash vaqtidan keyin boʻlishi mumkin emas',
  ANNOUNCEMENT_NOT_FOUND: 'Bunday eʼlon mavjud emas',
  HELP_ARTICLE_NOT_FOUND: 'Bunday yordam maqolasi mavjud emas',
  MARKET_UNKNOWN: 'Bunday bozor mavjud emas',
  PRICE_INVALID: 'Narx {tick} ga karrali musbat son boʻlishi kerak',
  QUANTITY_INVALID: 'Miqdor {lot} ga karrali musbat son boʻlishi kerak',
  NOTIONAL_TOO_SMALL: 'Buyurtma qiymati kamida {minNotional} {coin} boʻlishi kerak',
  INSUFFICIENT_BALANCE: '{coin} balansi yetarli emas',
  ORDER_NOT_FOUND: 'Bunday buyurtma mavjud emas yoki u endi ochiq emas',
  POST_ONLY_WOULD_TAKE:
    'Post-only buyurtma darhol bajarilib ketardi, shuning uchun u joylashtirilmadi',
  FOK_NOT_FILLABLE: 'Buyurtmani darhol toʻliq bajarib boʻlmadi, shuning uchun u joylashtirilmadi',
  NO_LIQUIDITY: 'Buyurtmalar kitobining qarama-qarshi tomonida buyurtmalar yoʻq',
  ORDER_TYPE_INVALID:
    'Buyurtma turi va maydonlarning bunday birikmasiga ruxsat berilmagan: {detail}',
  CLIENT_ORDER_ID_TAKEN: 'Shu mijoz buyurtma identifikatoriga ega buyurtma allaqachon mavjud',
  COIN_UNKNOWN: 'Bu tanga qoʻllab-quvvatlanmaydi',
  AMOUNT_INVALID: 'Summa verguldan keyin koʻpi bilan {decimals} xonali musbat son boʻlishi kerak',
  ADDRESS_INVALID: 'Bu manzil {network} tarmogʻi uchun yaroqsiz',
  WITHDRAW_TOO_SMALL: 'Eng kam yechib olish miqdori: {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: 'Bunday yechib olish soʻrovi mavjud emas yoki u endi kutish holatida emas',
  DEMO_NO_TRANSFER:
    'Demo savdoda kiritish va yechib olish yoʻq, demo tangalarni koʻchirib boʻlmaydi',
  LEVERAGE_INVALID:
    'Ushbu pozitsiya hajmi uchun leveraj 1 dan {max}x gacha butun son boʻlishi kerak',
  REDUCE_ONLY_WOULD_OPEN:
    'Reduce-only buyurtma faqat pozitsiyani kamaytirishi mumkin; yopish uchun pozitsiya yetarli emas',
  TPSL_PRICE_INVALID:
    'Long pozitsiyada take-profit mark narxidan yuqorida, stop-loss esa pastda boʻladi, short pozitsiyada aksincha; stop-loss likvidatsiya narxidan oldin ishga tushishi kerak',
  MARGIN_REDUCE_TOO_MUCH: 'Bu pozitsiyadan koʻpi bilan {max} {coin} marjani olib tashlash mumkin',
  POSITION_NOT_FOUND: 'Bunday ochiq pozitsiya mavjud emas',
  POSITION_MODE_LOCKED:
    'Pozitsiyalar yoki ochiq buyurtmalaringiz bor ekan, pozitsiya rejimini oʻzgartirib boʻlmaydi',
  MARGIN_MODE_LOCKED:
    'Bu bozorda pozitsiya yoki ochiq buyurtmalar bor ekan, marja rejimini oʻzgartirib boʻlmaydi',
  TRANSFER_TOO_LARGE: 'Hozir koʻpi bilan {max} {coin} oʻtkazish mumkin',
  PLAN_NOT_FOUND: 'Bunday trigger buyurtma mavjud emas yoki u endi ishga tushishini kutmayapti',
  POSITION_SIDE_INVALID: 'Pozitsiya tomoni pozitsiya rejimiga mos kelmaydi: {detail}',
  RISK_LIMIT_EXCEEDED:
    '{leverage}x leverajda pozitsiya {max} {coin} dan oshmasligi kerak; leverajni kamaytiring',
  MARGIN_INSUFFICIENT: 'Marja yetarli emas: {required} {coin} kerak, {available} mavjud',
  TRIGGER_PRICE_INVALID: 'Trigger narxi {tick} ga karrali musbat son boʻlishi kerak',
  CALLBACK_RATE_INVALID:
    'Qaytish darajasi {min} % dan {max} % gacha boʻlishi va koʻpi bilan ikki kasr xonaga ega boʻlishi kerak',
  ACTIVATION_PRICE_INVALID:
    'Sotuv uchun trailing stop joriy narxdan ({price}) yuqorida, xarid uchun esa undan pastda faollashishi kerak',
  SERVICE_BUSY: 'Birja band, birozdan soʻng qayta urinib koʻring',
  DEVICE_TOKEN_INVALID:
    'Yaroqli qurilma tokeni talab qilinadi, sahifani yangilab, qayta urinib koʻring',
  BODY_NOT_ENCRYPTED:
    'Kirish maʼlumotlari shifrlangan holda yuborilishi kerak, sahifani yangilab, qayta urinib koʻring',
  BODY_CIPHERTEXT_INVALID:
    'Shifrlangan soʻrovni oʻqib boʻlmadi, sahifani yangilab, qayta urinib koʻring',
  CLIENT_KEY_INVALID:
    'Qurilma kalitini tekshirib boʻlmadi, sahifani yangilab, qayta urinib koʻring',
  CROSS_SITE_REFUSED: 'Bu soʻrov boshqa saytdan kelgani uchun rad etildi',
  API_KEY_NOT_FOUND: 'API kaliti topilmadi',
  API_KEY_LIMIT:
    'Ko‘pi bilan {max} ta API kalitiga ega bo‘lishingiz mumkin; avval bittasini o‘chiring',
  API_KEY_NEEDS_SECOND_FACTOR:
    'API kalitlarini boshqarishdan oldin ikkinchi omilni (Google Authenticator, e-pochta yoki SMS) yoqing',
  API_KEY_IP_INVALID: '{ip} IP manzil yoki CIDR diapazoni emas',
  API_KEY_SCOPES_INVALID: 'Kamida bitta ruxsatni tanlang: o‘qish, savdo yoki yechib olish',
  API_KEY_PASSPHRASE_WEAK: 'Maxfiy ibora 8 dan 32 tagacha harf va raqamdan iborat bo‘lishi kerak',
  API_KEY_MISSING: 'ACCESS_KEY bo‘sh bo‘lishi mumkin emas',
  API_SIGN_MISSING: 'Imzo bo‘sh bo‘lishi mumkin emas',
  API_TIMESTAMP_INVALID: 'ACCESS_TIMESTAMP yaroqsiz',
  API_KEY_INVALID: 'ACCESS_KEY yaroqsiz',
  API_TIMESTAMP_EXPIRED: 'So‘rov vaqt belgisining muddati o‘tgan',
  API_SIGN_INVALID: 'Imzo xato',
  API_SIGN_REPLAYED: 'Bu imzo allaqachon ishlatilgan; har bir so‘rovni qaytadan imzolang',
  API_PASSPHRASE_MISSING: 'ACCESS_PASSPHRASE bo‘sh bo‘lishi mumkin emas',
  API_PASSPHRASE_INVALID: 'API kalitining maxfiy iborasi noto‘g‘ri',
  API_KEY_DISABLED: 'ACCESS_KEY yaroqsiz: bu API kaliti o‘chirilgan',
  API_SCOPE_DENIED: 'Bu API kalitining ruxsatlari yetarli emas',
  API_IP_DENIED: 'IP yaroqsiz: bu API kalitini ushbu manzildan ishlatib bo‘lmaydi',
  API_KEY_UNKNOWN: 'API kaliti mavjud emas',
  MAIL_VERIFY_SUBJECT: 'Quay tasdiqlash kodingiz: {code}',
  MAIL_VERIFY_BODY:
    'Tasdiqlash kodingiz: {code}. U {minutes} daqiqa amal qiladi. Agar siz uni soʻramagan boʻlsangiz, ushbu xabarni eʼtiborsiz qoldiring va kodni hech kimga bermang.',
  SMS_VERIFY_BODY: '[Quay] Tasdiqlash kodingiz: {code}, {minutes} daqiqa amal qiladi.',
  PASSWORD_OLD_WRONG: 'Joriy parol noto‘g‘ri',
  PASSWORD_UNCHANGED: 'Yangi parol joriy paroldan farq qilishi kerak',
  ACCOUNT_SESSION_NOT_FOUND: 'Bu seans mavjud emas yoki allaqachon tugagan',
  ACCOUNT_SESSION_CURRENT: 'Bu siz foydalanayotgan seans; uni tugatish uchun hisobdan chiqing',
  WITHDRAW_HELD: 'Parol tiklangandan keyin pul yechish 24 soat, {until} (UTC) gacha to‘xtatiladi',
  ACCOUNT_FROZEN:
    'Bu hisob muzlatilgan. Muzlatishni bekor qilish uchun qo‘llab-quvvatlash xizmatiga murojaat qiling',
  MAIL_ANTI_PHISHING_LINE: 'Fishingga qarshi kodingiz: {code}',
  MAIL_NEW_DEVICE_SUBJECT: 'Quay: yangi qurilmadan kirish',
  MAIL_NEW_DEVICE_BODY:
    'Hisobingizga yangi qurilmadan kirildi: {device}, IP {ip}, {time} (UTC). Agar bu siz bo‘lmasangiz, darhol parolni o‘zgartiring va hisobni muzlating.',
  MAIL_PASSWORD_CHANGED_SUBJECT: 'Quay: parolingiz o‘zgartirildi',
  MAIL_PASSWORD_CHANGED_BODY:
    'Hisobingiz paroli {time} (UTC) da o‘zgartirildi va boshqa barcha seanslar yopildi. Agar bu siz bo‘lmasangiz, darhol parolni tiklang va hisobni muzlating.',
  MAIL_PASSWORD_RESET_SUBJECT: 'Quay: parolingiz tiklandi',
  MAIL_PASSWORD_RESET_BODY:
    'Hisobingiz paroli {time} (UTC) da tiklandi. Barcha seanslar yopildi va pul yechish {until} (UTC) gacha to‘xtatildi. Agar bu siz bo‘lmasangiz, darhol hisobni muzlating va qo‘llab-quvvatlash xizmatiga murojaat qiling.',
  MAIL_FROZEN_SUBJECT: 'Quay: hisobingiz muzlatildi',
  MAIL_FROZEN_BODY:
    'Hisobingiz {time} (UTC) da muzlatildi: kirish va savdo bloklandi, barcha seanslar yopildi. Muzlatishni bekor qilish uchun qo‘llab-quvvatlash xizmatiga murojaat qiling.',
  MARGIN_ACCOUNT_INVALID: 'Bu bozorda marja savdosi ochilmagan',
  MARGIN_COIN_INVALID: '{coin} bu marja hisobida ishlatilmaydi',
  MARGIN_BORROW_TOO_LARGE: 'Hozir ko‘pi bilan {max} {coin} qarz olish mumkin',
  MARGIN_REPAY_TOO_LARGE: 'Faqat {owed} {coin} qarz bor',
  MARGIN_TRANSFER_RISK: 'Marja chaqiruvisiz ko‘pi bilan {max} {coin} o‘tkazish mumkin',
  MARGIN_TRANSFER_INVALID: 'Bu ikki hisob o‘rtasida tangalarni o‘tkazib bo‘lmaydi',
  MARGIN_NOTHING_OWED: '{coin} bo‘yicha qarz yo‘q',
  MARGIN_DEMO_UNAVAILABLE: 'Simulyatsiya rejimida marja savdosi mavjud emas',
  MAIL_MARGIN_CALL_SUBJECT: '{account} marja hisobingiz bo‘yicha marja chaqiruvi',
  MAIL_MARGIN_CALL_BODY:
    '{account} marja hisobingizning marja darajasi {level} gacha tushdi, bu {call} chaqiruv chizig‘iga teng yoki undan past. Garov o‘tkazing yoki qarzlaringizni to‘lang: {liquidation} da hisob tugatiladi.',
};
