import type { MessageName } from './names';

export const it: Record<MessageName, string> = {
  SUCCESS: 'Operazione riuscita',
  ERROR: 'Il sistema è occupato, riprova più tardi',
  UNAUTHORISED: 'Accedi per continuare',
  LOGIN_REQUIRED: 'Accedi prima di continuare',
  ACCOUNT_DISABLED: 'Questo account è stato disattivato',
  SESSION_REVOKED: 'La tua sessione è terminata',
  SIGN_MISSING: 'Manca la firma della richiesta',
  SIGN_MODE_MISMATCH: 'La modalità di firma della richiesta non corrisponde',
  SIGN_EXPIRED: 'La firma della richiesta è scaduta',
  SIGN_INVALID: 'La firma della richiesta non è valida',
  TOKEN_INVALID: "Accesso scaduto, effettua di nuovo l'accesso",
  SESSION_EXPIRED: "Accesso scaduto, effettua di nuovo l'accesso",
  INVALID_PARAMETER: 'I parametri della richiesta non sono validi',
  FIELD_MISSING: 'Il campo {field} è obbligatorio',
  FIELD_TYPE: 'Il campo {field} è di tipo errato',
  FIELD_TOO_LONG: 'Il campo {field} è troppo lungo (al massimo {limit} caratteri)',
  FIELD_TOO_SHORT: 'Il campo {field} è troppo corto (almeno {limit} caratteri)',
  FIELD_FORMAT: 'Il campo {field} non è in un formato valido',
  FIELD_UNKNOWN: 'Il campo {field} non è consentito',
  BODY_MALFORMED: 'Impossibile leggere il corpo della richiesta',
  TOO_MANY_REQUESTS: 'Troppe richieste, riprova tra {seconds} secondi',
  ROUTE_NOT_FOUND: 'La risorsa richiesta non esiste',
  PAYLOAD_TOO_LARGE: 'La richiesta è troppo grande',
  UNSUPPORTED_MEDIA_TYPE: 'Questo tipo di contenuto non è supportato',
  EMAIL_TAKEN: 'Questo indirizzo email è già registrato',
  MOBILE_TAKEN: 'Questo numero di cellulare è già registrato',
  VERIFY_CODE_INVALID: 'Il codice di verifica è errato o scaduto',
  PASSWORD_MISMATCH: 'Le due password non coincidono',
  PASSWORD_WEAK:
    'La password deve avere da 8 a 32 caratteri e contenere lettere maiuscole, minuscole e una cifra',
  LOGIN_FAILED: 'Account o password errati',
  VERIFY_CODE_TOO_FREQUENT: 'Un codice è stato inviato da poco, attendi {seconds} secondi',
  REFERRAL_CODE_UNKNOWN: 'Questo codice invito non esiste',
  ACCOUNT_LOCKED: 'Troppi tentativi falliti, riprova tra {seconds} secondi',
  EMAIL_INVALID: 'Inserisci un indirizzo email valido',
  MOBILE_INVALID: 'Inserisci un numero di cellulare valido',
  AREA_CODE_INVALID: 'Inserisci un prefisso valido',
  LOGIN_TICKET_INVALID: "La verifica dell'accesso è scaduta, accedi di nuovo",
  GOOGLE_CODE_INVALID: 'Il codice di Google Authenticator è errato',
  FACTOR_CODE_MISSING: 'Inserisci tutti i codici di verifica richiesti da questo account',
  FACTOR_UNAVAILABLE:
    'Questo account non ha un indirizzo email o un numero di cellulare per questo metodo di verifica',
  GOOGLE_SETUP_MISSING:
    'Nessuna nuova chiave di autenticazione è in attesa di conferma, ricomincia',
  FACTOR_NOT_ENABLED: 'Questo metodo di verifica non è attivo',
  FACTOR_ALREADY_ENABLED: 'Questo metodo di verifica è già attivo',
  TIME_RANGE_INVALID: "L'ora di inizio non può essere successiva all'ora di fine",
  ANNOUNCEMENT_NOT_FOUND: 'Questo annuncio non esiste',
  HELP_ARTICLE_NOT_FOUND: 'Questo articolo di assistenza non esiste',
  MARKET_UNKNOWN: 'Questo mercato non esiste',
  PRICE_INVALID: 'Il prezzo deve essere un multiplo positivo di {tick}',
  QUANTITY_INVALID: 'La quantità deve essere un multiplo positivo di {lot}',
  NOTIONAL_TOO_SMALL: "Il controvalore dell'ordine deve essere di almeno {minNotional} {coin}",
  INSUFFICIENT_BALANCE: 'Saldo {coin} insufficiente',
  ORDER_NOT_FOUND: "Quest'ordine non esiste o non è più aperto",
  POST_ONLY_WOULD_TAKE:
    'Un ordine post-only sarebbe stato eseguito subito, quindi non è stato inserito',
  FOK_NOT_FILLABLE:
    "L'ordine non poteva essere eseguito subito per intero, quindi non è stato inserito",
  NO_LIQUIDITY: 'Non ci sono ordini sul lato opposto del book',
  ORDER_TYPE_INVALID: 'Questa combinazione di tipo di ordine e campi non è consentita: {detail}',
  CLIENT_ORDER_ID_TAKEN: 'Esiste già un ordine con questo ID ordine cliente',
  COIN_UNKNOWN: 'Questa moneta non è supportata',
  AMOUNT_INVALID:
    "L'importo deve essere un numero positivo con al massimo {decimals} cifre decimali",
  ADDRESS_INVALID: 'Questo indirizzo non è valido per la rete {network}',
  WITHDRAW_TOO_SMALL: 'Il prelievo minimo è di {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: 'Questo prelievo non esiste o non è più in attesa',
  DEMO_NO_TRANSFER:
    'Il trading demo non prevede depositi né prelievi e le monete demo non possono essere trasferite',
  LEVERAGE_INVALID:
    'La leva deve essere un numero intero da 1 a {max}x per questa dimensione della posizione',
  REDUCE_ONLY_WOULD_OPEN:
    "Un ordine reduce-only può solo ridurre la posizione; non c'è abbastanza da chiudere",
  TPSL_PRICE_INVALID:
    'In una posizione long il take profit va sopra e lo stop loss sotto il prezzo mark, in una short il contrario, e lo stop loss deve attivarsi prima del prezzo di liquidazione',
  MARGIN_REDUCE_TOO_MUCH:
    'Da questa posizione si possono rimuovere al massimo {max} {coin} di margine',
  POSITION_NOT_FOUND: 'Questa posizione aperta non esiste',
  POSITION_MODE_LOCKED:
    'Non puoi cambiare la modalità di posizione finché hai posizioni o ordini aperti',
  MARGIN_MODE_LOCKED:
    'Non puoi cambiare la modalità di margine finché in questo mercato ci sono una posizione o ordini aperti',
  TRANSFER_TOO_LARGE: 'Al momento puoi trasferire al massimo {max} {coin}',
  PLAN_NOT_FOUND: "Quest'ordine trigger non esiste o non è più in attesa",
  POSITION_SIDE_INVALID:
    'Il lato della posizione non corrisponde alla modalità di posizione: {detail}',
  RISK_LIMIT_EXCEEDED:
    'Con leva {leverage}x la posizione non può superare {max} {coin}; riduci la leva',
  MARGIN_INSUFFICIENT: 'Margine insufficiente: servono {required} {coin}, disponibili {available}',
  TRIGGER_PRICE_INVALID: 'Il prezzo trigger deve essere un multiplo positivo di {tick}',
  CALLBACK_RATE_INVALID:
    'Il tasso di richiamo deve essere compreso tra {min} % e {max} %, con al massimo due decimali',
  ACTIVATION_PRICE_INVALID:
    'Un trailing stop di vendita deve attivarsi sopra il prezzo attuale ({price}), uno di acquisto sotto',
  SERVICE_BUSY: "L'exchange è sovraccarico, riprova tra un momento",
  DEVICE_TOKEN_INVALID:
    'È necessario un token del dispositivo valido, ricarica la pagina e riprova',
  BODY_NOT_ENCRYPTED:
    'I dati di accesso devono essere inviati cifrati, ricarica la pagina e riprova',
  BODY_CIPHERTEXT_INVALID: 'Impossibile leggere la richiesta cifrata, ricarica la pagina e riprova',
  CLIENT_KEY_INVALID:
    'Impossibile verificare la chiave del dispositivo, ricarica la pagina e riprova',
  CROSS_SITE_REFUSED: 'Questa richiesta proviene da un altro sito ed è stata rifiutata',
  API_KEY_NOT_FOUND: 'Chiave API non trovata',
  API_KEY_LIMIT: 'Puoi avere al massimo {max} chiavi API; eliminane prima una',
  API_KEY_NEEDS_SECOND_FACTOR:
    'Attiva un secondo fattore (Google Authenticator, e-mail o SMS) prima di gestire le chiavi API',
  API_KEY_IP_INVALID: '{ip} non è un indirizzo IP né un intervallo CIDR',
  API_KEY_SCOPES_INVALID: 'Scegli almeno un permesso: lettura, trading o prelievo',
  API_KEY_PASSPHRASE_WEAK: 'La passphrase deve contenere da 8 a 32 lettere e cifre',
  API_KEY_MISSING: 'ACCESS_KEY non può essere vuoto',
  API_SIGN_MISSING: 'La firma non può essere vuota',
  API_TIMESTAMP_INVALID: 'ACCESS_TIMESTAMP non valido',
  API_KEY_INVALID: 'ACCESS_KEY non valido',
  API_TIMESTAMP_EXPIRED: 'Il timestamp della richiesta è scaduto',
  API_SIGN_INVALID: 'Errore nella firma',
  API_SIGN_REPLAYED: 'Questa firma è già stata usata; firma di nuovo ogni richiesta',
  API_PASSPHRASE_MISSING: 'ACCESS_PASSPHRASE non può essere vuoto',
  API_PASSPHRASE_INVALID: 'La passphrase della chiave API non è corretta',
  API_KEY_DISABLED: 'ACCESS_KEY non valido: questa chiave API è disattivata',
  API_SCOPE_DENIED: 'Permessi insufficienti per questa chiave API',
  API_IP_DENIED: 'IP non valido: questa chiave API non può essere usata da questo indirizzo',
  API_KEY_UNKNOWN: 'La chiave API non esiste',
  MAIL_VERIFY_SUBJECT: 'Il tuo codice di verifica Quay: {code}',
  MAIL_VERIFY_BODY:
    "Il tuo codice di verifica è {code}. È valido per {minutes} minuti. Se non l'hai richiesto, ignora questo messaggio e non condividere il codice con nessuno.",
  SMS_VERIFY_BODY: '[Quay] Il tuo codice di verifica è {code}, valido per {minutes} minuti.',
  PASSWORD_OLD_WRONG: 'La password attuale non è corretta',
  PASSWORD_UNCHANGED: 'La nuova password deve essere diversa da quella attuale',
  ACCOUNT_SESSION_NOT_FOUND: 'Questa sessione non esiste o è già terminata',
  ACCOUNT_SESSION_CURRENT: 'Questa è la sessione che stai usando; esci per terminarla',
  WITHDRAW_HELD:
    'I prelievi sono sospesi per 24 ore dopo il ripristino della password, fino al {until} (UTC)',
  ACCOUNT_FROZEN: "Questo account è congelato. Contatta l'assistenza per sbloccarlo",
  MAIL_ANTI_PHISHING_LINE: 'Il tuo codice anti-phishing: {code}',
  MAIL_NEW_DEVICE_SUBJECT: 'Quay: accesso da un nuovo dispositivo',
  MAIL_NEW_DEVICE_BODY:
    "È stato effettuato l'accesso al tuo account da un nuovo dispositivo: {device}, IP {ip}, il {time} (UTC). Se non sei stato tu, cambia subito la password e congela l'account.",
  MAIL_PASSWORD_CHANGED_SUBJECT: 'Quay: la tua password è stata cambiata',
  MAIL_PASSWORD_CHANGED_BODY:
    "La password del tuo account è stata cambiata il {time} (UTC) e tutte le altre sessioni sono state chiuse. Se non sei stato tu, ripristina subito la password e congela l'account.",
  MAIL_PASSWORD_RESET_SUBJECT: 'Quay: la tua password è stata ripristinata',
  MAIL_PASSWORD_RESET_BODY:
    "La password del tuo account è stata ripristinata il {time} (UTC). Tutte le sessioni sono state chiuse e i prelievi sono sospesi fino al {until} (UTC). Se non sei stato tu, congela subito l'account e contatta l'assistenza.",
  MAIL_FROZEN_SUBJECT: 'Quay: il tuo account è congelato',
  MAIL_FROZEN_BODY:
    "Il tuo account è stato congelato il {time} (UTC): accesso e trading sono bloccati e tutte le sessioni sono state chiuse. Per sbloccarlo, contatta l'assistenza.",
  MARGIN_ACCOUNT_INVALID: 'Il trading a margine non è aperto su questo mercato',
  MARGIN_COIN_INVALID: '{coin} non può essere usato in questo conto a margine',
  MARGIN_BORROW_TOO_LARGE: 'Ora si possono prendere in prestito al massimo {max} {coin}',
  MARGIN_REPAY_TOO_LARGE: 'Il debito è solo di {owed} {coin}',
  MARGIN_TRANSFER_RISK: 'Si possono trasferire al massimo {max} {coin} senza una margin call',
  MARGIN_TRANSFER_INVALID: 'Non è possibile spostare monete tra questi due conti',
  MARGIN_NOTHING_OWED: 'Nessun debito in {coin}',
  MARGIN_DEMO_UNAVAILABLE: 'Il trading a margine non è disponibile in modalità simulazione',
  MAIL_MARGIN_CALL_SUBJECT: 'Margin call sul tuo conto a margine {account}',
  MAIL_MARGIN_CALL_BODY:
    'Il livello di margine del tuo conto a margine {account} è sceso a {level}, pari o inferiore alla soglia di richiamo di {call}. Trasferisci garanzie o rimborsa i prestiti: a {liquidation} il conto viene liquidato.',
};
