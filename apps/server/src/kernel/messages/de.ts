import type { MessageName } from './names';

export const de: Record<MessageName, string> = {
  SUCCESS: 'Erfolgreich',
  ERROR: 'Das System ist ausgelastet, bitte versuchen Sie es später erneut',
  UNAUTHORISED: 'Bitte melden Sie sich an, um fortzufahren',
  LOGIN_REQUIRED: 'Bitte melden Sie sich zuerst an',
  ACCOUNT_DISABLED: 'Dieses Konto wurde deaktiviert',
  SESSION_REVOKED: 'Sie wurden abgemeldet',
  SIGN_MISSING: 'Die Signatur der Anfrage fehlt',
  SIGN_MODE_MISMATCH: 'Der Signaturmodus der Anfrage stimmt nicht überein',
  SIGN_EXPIRED: 'Die Signatur der Anfrage ist abgelaufen',
  SIGN_INVALID: 'Die Signatur der Anfrage ist ungültig',
  TOKEN_INVALID: 'Anmeldung abgelaufen, bitte erneut anmelden',
  SESSION_EXPIRED: 'Anmeldung abgelaufen, bitte erneut anmelden',
  INVALID_PARAMETER: 'Die Anfrageparameter sind ungültig',
  FIELD_MISSING: 'Das Feld {field} ist erforderlich',
  FIELD_TYPE: 'Das Feld {field} hat den falschen Typ',
  FIELD_TOO_LONG: 'Das Feld {field} ist zu lang (höchstens {limit} Zeichen)',
  FIELD_TOO_SHORT: 'Das Feld {field} ist zu kurz (mindestens {limit} Zeichen)',
  FIELD_FORMAT: 'Das Feld {field} hat kein gültiges Format',
  FIELD_UNKNOWN: 'Das Feld {field} ist nicht zulässig',
  BODY_MALFORMED: 'Der Inhalt der Anfrage konnte nicht gelesen werden',
  TOO_MANY_REQUESTS: 'Zu viele Anfragen, bitte in {seconds} Sekunden erneut versuchen',
  ROUTE_NOT_FOUND: 'Die angeforderte Ressource existiert nicht',
  PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß',
  UNSUPPORTED_MEDIA_TYPE: 'Dieser Inhaltstyp wird nicht unterstützt',
  EMAIL_TAKEN: 'Diese E-Mail-Adresse ist bereits registriert',
  MOBILE_TAKEN: 'Diese Mobilnummer ist bereits registriert',
  VERIFY_CODE_INVALID: 'Der Bestätigungscode ist falsch oder abgelaufen',
  PASSWORD_MISMATCH: 'Die beiden Passwörter stimmen nicht überein',
  PASSWORD_WEAK:
    'Das Passwort muss 8 bis 32 Zeichen lang sein und Groß- und Kleinbuchstaben sowie eine Ziffer enthalten',
  LOGIN_FAILED: 'Konto oder Passwort ist falsch',
  VERIFY_CODE_TOO_FREQUENT: 'Ein Code wurde gerade gesendet, bitte warten Sie {seconds} Sekunden',
  REFERRAL_CODE_UNKNOWN: 'Dieser Empfehlungscode existiert nicht',
  ACCOUNT_LOCKED: 'Zu viele Fehlversuche, bitte in {seconds} Sekunden erneut versuchen',
  EMAIL_INVALID: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  MOBILE_INVALID: 'Bitte geben Sie eine gültige Mobilnummer ein',
  AREA_CODE_INVALID: 'Bitte geben Sie eine gültige Ländervorwahl ein',
  LOGIN_TICKET_INVALID: 'Die Anmeldebestätigung ist abgelaufen, bitte melden Sie sich erneut an',
  GOOGLE_CODE_INVALID: 'Der Google-Authenticator-Code ist falsch',
  FACTOR_CODE_MISSING: 'Bitte geben Sie alle Bestätigungscodes ein, die dieses Konto verlangt',
  FACTOR_UNAVAILABLE:
    'Für diese Bestätigungsmethode hat dieses Konto keine E-Mail-Adresse bzw. Mobilnummer',
  GOOGLE_SETUP_MISSING:
    'Es wartet kein neuer Authenticator-Schlüssel auf Bestätigung, bitte beginnen Sie erneut',
  FACTOR_NOT_ENABLED: 'Diese Bestätigungsmethode ist nicht aktiviert',
  FACTOR_ALREADY_ENABLED: 'Diese Bestätigungsmethode ist bereits aktiviert',
  TIME_RANGE_INVALID: 'Die Startzeit darf nicht nach der Endzeit liegen',
  ANNOUNCEMENT_NOT_FOUND: 'Diese Ankündigung existiert nicht',
  HELP_ARTICLE_NOT_FOUND: 'Diesen Hilfeartikel gibt es nicht',
  MARKET_UNKNOWN: 'Dieser Markt existiert nicht',
  PRICE_INVALID: 'Der Preis muss ein positives Vielfaches von {tick} sein',
  QUANTITY_INVALID: 'Die Menge muss ein positives Vielfaches von {lot} sein',
  NOTIONAL_TOO_SMALL: 'Der Orderwert muss mindestens {minNotional} {coin} betragen',
  INSUFFICIENT_BALANCE: 'Unzureichendes {coin}-Guthaben',
  ORDER_NOT_FOUND: 'Diese Order existiert nicht oder ist nicht mehr offen',
  POST_ONLY_WOULD_TAKE:
    'Eine Post-Only-Order wäre sofort ausgeführt worden und wurde daher nicht platziert',
  FOK_NOT_FILLABLE:
    'Die Order konnte nicht sofort vollständig ausgeführt werden und wurde daher nicht platziert',
  NO_LIQUIDITY: 'Auf der Gegenseite des Orderbuchs liegen keine Orders',
  ORDER_TYPE_INVALID: 'Diese Kombination aus Ordertyp und Feldern ist nicht zulässig: {detail}',
  CLIENT_ORDER_ID_TAKEN: 'Eine Order mit dieser Client-Order-ID existiert bereits',
  COIN_UNKNOWN: 'Dieser Coin wird nicht unterstützt',
  AMOUNT_INVALID:
    'Der Betrag muss eine positive Zahl mit höchstens {decimals} Nachkommastellen sein',
  ADDRESS_INVALID: 'Diese Adresse ist für das {network}-Netzwerk nicht gültig',
  WITHDRAW_TOO_SMALL: 'Die Mindestauszahlung beträgt {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: 'Diese Auszahlung existiert nicht oder ist nicht mehr ausstehend',
  DEMO_NO_TRANSFER:
    'Im Demohandel gibt es keine Ein- und Auszahlungen, und Demo-Coins können nicht übertragen werden',
  LEVERAGE_INVALID: 'Der Hebel muss für diese Positionsgröße eine ganze Zahl von 1 bis {max}x sein',
  REDUCE_ONLY_WOULD_OPEN:
    'Eine Reduce-Only-Order darf die Position nur verringern; es ist nicht genug zum Schließen vorhanden',
  TPSL_PRICE_INVALID:
    'Bei einer Long-Position liegt der Take-Profit über und der Stop-Loss unter dem Markpreis, bei einer Short-Position umgekehrt, und ein Stop-Loss muss vor dem Liquidationspreis auslösen',
  MARGIN_REDUCE_TOO_MUCH:
    'Aus dieser Position können höchstens {max} {coin} Margin entfernt werden',
  POSITION_NOT_FOUND: 'Es gibt keine solche offene Position',
  POSITION_MODE_LOCKED:
    'Der Positionsmodus kann nicht geändert werden, solange Sie Positionen oder offene Orders halten',
  MARGIN_MODE_LOCKED:
    'Der Margin-Modus kann nicht geändert werden, solange in diesem Markt eine Position oder offene Orders bestehen',
  TRANSFER_TOO_LARGE: 'Derzeit können höchstens {max} {coin} übertragen werden',
  PLAN_NOT_FOUND: 'Diese Trigger-Order existiert nicht oder wartet nicht mehr auf Auslösung',
  POSITION_SIDE_INVALID: 'Die Positionsseite passt nicht zum Positionsmodus: {detail}',
  RISK_LIMIT_EXCEEDED:
    'Bei {leverage}x darf die Position {max} {coin} nicht überschreiten; bitte verringern Sie den Hebel',
  MARGIN_INSUFFICIENT:
    'Unzureichende Margin: {required} {coin} erforderlich, {available} verfügbar',
  TRIGGER_PRICE_INVALID: 'Der Triggerpreis muss ein positives Vielfaches von {tick} sein',
  CALLBACK_RATE_INVALID:
    'Die Rückfallrate muss zwischen {min} % und {max} % liegen und darf höchstens zwei Nachkommastellen haben',
  ACTIVATION_PRICE_INVALID:
    'Ein Verkaufs-Trailing-Stop muss über dem aktuellen Preis ({price}) aktiviert werden, ein Kauf-Trailing-Stop darunter',
  SERVICE_BUSY: 'Die Börse ist ausgelastet, bitte versuchen Sie es gleich noch einmal',
  DEVICE_TOKEN_INVALID:
    'Ein gültiges Geräte-Token ist erforderlich, bitte laden Sie die Seite neu und versuchen Sie es erneut',
  BODY_NOT_ENCRYPTED:
    'Anmeldedaten müssen verschlüsselt gesendet werden, bitte laden Sie die Seite neu und versuchen Sie es erneut',
  BODY_CIPHERTEXT_INVALID:
    'Die verschlüsselte Anfrage konnte nicht gelesen werden, bitte laden Sie die Seite neu und versuchen Sie es erneut',
  CLIENT_KEY_INVALID:
    'Der Geräteschlüssel konnte nicht überprüft werden, bitte laden Sie die Seite neu und versuchen Sie es erneut',
  CROSS_SITE_REFUSED: 'Diese Anfrage kam von einer anderen Website und wurde abgelehnt',
  API_KEY_NOT_FOUND: 'API-Schlüssel nicht gefunden',
  API_KEY_LIMIT: 'Sie können höchstens {max} API-Schlüssel haben; löschen Sie zuerst einen',
  API_KEY_NEEDS_SECOND_FACTOR:
    'Aktivieren Sie einen zweiten Faktor (Google Authenticator, E-Mail oder SMS), bevor Sie API-Schlüssel verwalten',
  API_KEY_IP_INVALID: '{ip} ist weder eine IP-Adresse noch ein CIDR-Bereich',
  API_KEY_SCOPES_INVALID: 'Wählen Sie mindestens eine Berechtigung: Lesen, Handeln oder Auszahlen',
  API_KEY_PASSPHRASE_WEAK: 'Die Passphrase muss aus 8 bis 32 Buchstaben und Ziffern bestehen',
  API_KEY_MISSING: 'ACCESS_KEY darf nicht leer sein',
  API_SIGN_MISSING: 'Die Signatur darf nicht leer sein',
  API_TIMESTAMP_INVALID: 'Ungültiger ACCESS_TIMESTAMP',
  API_KEY_INVALID: 'Ungültiger ACCESS_KEY',
  API_TIMESTAMP_EXPIRED: 'Der Zeitstempel der Anfrage ist abgelaufen',
  API_SIGN_INVALID: 'Signaturfehler',
  API_SIGN_REPLAYED: 'Diese Signatur wurde bereits verwendet; signieren Sie jede Anfrage neu',
  API_PASSPHRASE_MISSING: 'ACCESS_PASSPHRASE darf nicht leer sein',
  API_PASSPHRASE_INVALID: 'Die Passphrase des API-Schlüssels ist falsch',
  API_KEY_DISABLED: 'Ungültiger ACCESS_KEY: Dieser API-Schlüssel ist deaktiviert',
  API_SCOPE_DENIED: 'Dieser API-Schlüssel hat nicht die nötigen Berechtigungen',
  API_IP_DENIED:
    'Ungültige IP: Dieser API-Schlüssel darf von dieser Adresse nicht verwendet werden',
  API_KEY_UNKNOWN: 'Der API-Schlüssel existiert nicht',
  MAIL_VERIFY_SUBJECT: 'Ihr Quay-Bestätigungscode: {code}',
  MAIL_VERIFY_BODY:
    'Ihr Bestätigungscode lautet {code}. Er ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht und geben Sie den Code an niemanden weiter.',
  SMS_VERIFY_BODY: '[Quay] Ihr Bestätigungscode lautet {code}, gültig für {minutes} Minuten.',
  PASSWORD_OLD_WRONG: 'Das aktuelle Passwort ist falsch',
  PASSWORD_UNCHANGED: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
  ACCOUNT_SESSION_NOT_FOUND: 'Diese Sitzung gibt es nicht oder sie ist bereits beendet',
  ACCOUNT_SESSION_CURRENT:
    'Dies ist die Sitzung, die Sie gerade nutzen; melden Sie sich ab, um sie zu beenden',
  WITHDRAW_HELD:
    'Nach dem Zurücksetzen des Passworts sind Auszahlungen 24 Stunden gesperrt, bis {until} (UTC)',
  ACCOUNT_FROZEN: 'Dieses Konto ist eingefroren. Wenden Sie sich an den Support, um es freizugeben',
  MAIL_ANTI_PHISHING_LINE: 'Ihr Anti-Phishing-Code: {code}',
  MAIL_NEW_DEVICE_SUBJECT: 'Quay: Anmeldung von einem neuen Gerät',
  MAIL_NEW_DEVICE_BODY:
    'Ihr Konto wurde von einem neuen Gerät angemeldet: {device}, IP {ip}, um {time} (UTC). Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort und frieren Sie Ihr Konto ein.',
  MAIL_PASSWORD_CHANGED_SUBJECT: 'Quay: Ihr Passwort wurde geändert',
  MAIL_PASSWORD_CHANGED_BODY:
    'Das Passwort Ihres Kontos wurde um {time} (UTC) geändert, und alle anderen Sitzungen wurden abgemeldet. Falls Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und frieren Sie Ihr Konto ein.',
  MAIL_PASSWORD_RESET_SUBJECT: 'Quay: Ihr Passwort wurde zurückgesetzt',
  MAIL_PASSWORD_RESET_BODY:
    'Das Passwort Ihres Kontos wurde um {time} (UTC) zurückgesetzt. Alle Sitzungen wurden abgemeldet, und Auszahlungen sind bis {until} (UTC) gesperrt. Falls Sie das nicht waren, frieren Sie Ihr Konto sofort ein und wenden Sie sich an den Support.',
  MAIL_FROZEN_SUBJECT: 'Quay: Ihr Konto ist eingefroren',
  MAIL_FROZEN_BODY:
    'Ihr Konto wurde um {time} (UTC) eingefroren: Anmeldung und Handel sind gesperrt, alle Sitzungen wurden abgemeldet. Zum Freigeben wenden Sie sich an den Support.',
  MARGIN_ACCOUNT_INVALID: 'Margin-Handel ist auf diesem Markt nicht geöffnet',
  MARGIN_COIN_INVALID: '{coin} kann in diesem Margin-Konto nicht verwendet werden',
  MARGIN_BORROW_TOO_LARGE: 'Derzeit können höchstens {max} {coin} geliehen werden',
  MARGIN_REPAY_TOO_LARGE: 'Es werden nur {owed} {coin} geschuldet',
  MARGIN_TRANSFER_RISK: 'Ohne Margin Call können höchstens {max} {coin} übertragen werden',
  MARGIN_TRANSFER_INVALID: 'Zwischen diesen beiden Konten können keine Coins bewegt werden',
  MARGIN_NOTHING_OWED: 'In {coin} wird nichts geschuldet',
  MARGIN_DEMO_UNAVAILABLE: 'Margin-Handel ist im Simulationsmodus nicht verfügbar',
  MAIL_MARGIN_CALL_SUBJECT: 'Margin Call für Ihr Margin-Konto {account}',
  MAIL_MARGIN_CALL_BODY:
    'Das Margin-Level Ihres Margin-Kontos {account} ist auf {level} gefallen und liegt damit auf oder unter der Call-Schwelle von {call}. Übertragen Sie Sicherheiten oder zahlen Sie Ihre Kredite zurück: Bei {liquidation} wird das Konto liquidiert.',
  P2P_NEEDS_SECOND_FACTOR:
    'Aktivieren Sie zuerst einen zweiten Faktor (Authenticator, E-Mail oder SMS)',
  P2P_PAYMENT_METHOD_INVALID: 'Wählen Sie eigene Zahlungsmethoden',
  P2P_PAYMENT_METHOD_LIMIT: 'Höchstens {max} Zahlungsmethoden können gespeichert werden',
  P2P_AD_NOT_FOUND: 'Diese Anzeige gibt es nicht',
  P2P_AD_INVALID: 'Die Auftragslimits oder die Zahlungsfrist der Anzeige sind ungültig',
  P2P_PRICE_INVALID: 'Der Preis muss positiv sein und höchstens {band} % vom Indexpreis abweichen',
  P2P_TERMS_INVALID: 'Die Bedingungen dürfen nur Text und einfache Formatierung enthalten',
  P2P_AD_NOT_ONLINE: 'Diese Anzeige ist nicht online',
  P2P_AMOUNT_OUT_OF_RANGE:
    'Ein Auftrag auf diese Anzeige muss zwischen {min} und {max} {fiat} liegen',
  P2P_AD_NOT_ENOUGH: 'Auf dieser Anzeige sind nur noch {available} {coin} übrig',
  P2P_OWN_AD: 'Sie können nicht mit Ihrer eigenen Anzeige handeln',
  P2P_ORDER_NOT_FOUND: 'Diesen Auftrag gibt es nicht',
  P2P_ORDER_STATE: 'Dieser Schritt ist im aktuellen Status des Auftrags nicht möglich',
  P2P_CANCEL_LIMIT: 'Nach 3 Stornierungen heute sind neue Aufträge ab {until} (UTC) wieder möglich',
  P2P_DEMO_UNAVAILABLE: 'P2P-Handel ist im Simulationsmodus nicht verfügbar',
};
