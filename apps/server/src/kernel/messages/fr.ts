import type { MessageName } from './names';

export const fr: Record<MessageName, string> = {
  SUCCESS: 'Opération réussie',
  ERROR: 'Le système est occupé, veuillez réessayer plus tard',
  UNAUTHORISED: 'Veuillez vous connecter pour continuer',
  LOGIN_REQUIRED: "Veuillez d'abord vous connecter",
  ACCOUNT_DISABLED: 'Ce compte a été désactivé',
  SESSION_REVOKED: 'Vous avez été déconnecté',
  SIGN_MISSING: 'La signature de la requête est manquante',
  SIGN_MODE_MISMATCH: 'Le mode de signature de la requête ne correspond pas',
  SIGN_EXPIRED: 'La signature de la requête a expiré',
  SIGN_INVALID: 'La signature de la requête est invalide',
  TOKEN_INVALID: 'Session expirée, veuillez vous reconnecter',
  SESSION_EXPIRED: 'Session expirée, veuillez vous reconnecter',
  INVALID_PARAMETER: 'Les paramètres de la requête sont invalides',
  FIELD_MISSING: 'Le champ {field} est obligatoire',
  FIELD_TYPE: "Le champ {field} n'est pas du bon type",
  FIELD_TOO_LONG: 'Le champ {field} est trop long ({limit} caractères au maximum)',
  FIELD_TOO_SHORT: 'Le champ {field} est trop court ({limit} caractères au minimum)',
  FIELD_FORMAT: "Le champ {field} n'est pas dans un format valide",
  FIELD_UNKNOWN: "Le champ {field} n'est pas autorisé",
  BODY_MALFORMED: "Le corps de la requête n'a pas pu être lu",
  TOO_MANY_REQUESTS: 'Trop de requêtes, réessayez dans {seconds} secondes',
  ROUTE_NOT_FOUND: "La ressource demandée n'existe pas",
  PAYLOAD_TOO_LARGE: 'La requête est trop volumineuse',
  UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n'est pas pris en charge",
  EMAIL_TAKEN: 'Cette adresse e-mail est déjà enregistrée',
  MOBILE_TAKEN: 'Ce numéro de mobile est déjà enregistré',
  VERIFY_CODE_INVALID: 'Le code de vérification est erroné ou a expiré',
  PASSWORD_MISMATCH: 'Les deux mots de passe ne correspondent pas',
  PASSWORD_WEAK:
    'Le mot de passe doit comporter 8 à 32 caractères, avec des majuscules, des minuscules et un chiffre',
  LOGIN_FAILED: 'Le compte ou le mot de passe est incorrect',
  VERIFY_CODE_TOO_FREQUENT: 'Un code a été envoyé récemment, veuillez patienter {seconds} secondes',
  REFERRAL_CODE_UNKNOWN: "Ce code de parrainage n'existe pas",
  ACCOUNT_LOCKED: 'Trop de tentatives échouées, réessayez dans {seconds} secondes',
  EMAIL_INVALID: 'Veuillez saisir une adresse e-mail valide',
  MOBILE_INVALID: 'Veuillez saisir un numéro de mobile valide',
  AREA_CODE_INVALID: 'Veuillez saisir un indicatif pays valide',
  LOGIN_TICKET_INVALID: 'La vérification de connexion a expiré, veuillez vous reconnecter',
  GOOGLE_CODE_INVALID: 'Le code Google Authenticator est incorrect',
  FACTOR_CODE_MISSING: 'Veuillez saisir tous les codes de vérification exigés par ce compte',
  FACTOR_UNAVAILABLE:
    "Ce compte n'a ni adresse e-mail ni numéro de mobile pour cette méthode de vérification",
  GOOGLE_SETUP_MISSING:
    "Aucune nouvelle clé d'authentification n'attend de confirmation, veuillez recommencer",
  FACTOR_NOT_ENABLED: "Cette méthode de vérification n'est pas activée",
  FACTOR_ALREADY_ENABLED: 'Cette méthode de vérification est déjà activée',
  TIME_RANGE_INVALID: "L'heure de début ne peut pas être postérieure à l'heure de fin",
  ANNOUNCEMENT_NOT_FOUND: "Cette annonce n'existe pas",
  HELP_ARTICLE_NOT_FOUND: "Cet article d'aide n'existe pas",
  MARKET_UNKNOWN: "Ce marché n'existe pas",
  PRICE_INVALID: 'Le prix doit être un multiple positif de {tick}',
  QUANTITY_INVALID: 'La quantité doit être un multiple positif de {lot}',
  NOTIONAL_TOO_SMALL: "La valeur de l'ordre doit être d'au moins {minNotional} {coin}",
  INSUFFICIENT_BALANCE: 'Solde {coin} insuffisant',
  ORDER_NOT_FOUND: "Cet ordre n'existe pas ou n'est plus ouvert",
  POST_ONLY_WOULD_TAKE:
    "Un ordre post-only aurait été exécuté immédiatement, il n'a donc pas été placé",
  FOK_NOT_FILLABLE:
    "L'ordre n'a pas pu être exécuté intégralement et immédiatement, il n'a donc pas été placé",
  NO_LIQUIDITY: "Il n'y a aucun ordre de l'autre côté du carnet",
  ORDER_TYPE_INVALID:
    "Cette combinaison de type d'ordre et de champs n'est pas autorisée : {detail}",
  CLIENT_ORDER_ID_TAKEN: "Un ordre avec cet identifiant d'ordre client existe déjà",
  COIN_UNKNOWN: "Cette crypto n'est pas prise en charge",
  AMOUNT_INVALID: 'Le montant doit être un nombre positif avec au plus {decimals} décimales',
  ADDRESS_INVALID: "Cette adresse n'est pas valide pour le réseau {network}",
  WITHDRAW_TOO_SMALL: 'Le retrait minimum est de {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: "Ce retrait n'existe pas ou n'est plus en attente",
  DEMO_NO_TRANSFER:
    'Le trading de démonstration n’a ni dépôts ni retraits, et les jetons de démonstration ne peuvent pas être déplacés',
  LEVERAGE_INVALID:
    "L'effet de levier doit être un nombre entier de 1 à {max}x pour cette taille de position",
  REDUCE_ONLY_WOULD_OPEN:
    "Un ordre reduce-only ne peut que réduire la position ; il n'y a pas assez à clôturer",
  TPSL_PRICE_INVALID:
    "Pour une position longue, le take-profit se place au-dessus et le stop-loss en dessous du prix de marque, l'inverse pour une position courte, et le stop-loss doit se déclencher avant le prix de liquidation",
  MARGIN_REDUCE_TOO_MUCH: 'Au maximum {max} {coin} de marge peuvent être retirés de cette position',
  POSITION_NOT_FOUND: "Cette position ouverte n'existe pas",
  POSITION_MODE_LOCKED:
    'Le mode de position ne peut pas être modifié tant que vous avez des positions ou des ordres ouverts',
  MARGIN_MODE_LOCKED:
    'Le mode de marge ne peut pas être modifié tant que ce marché a une position ou des ordres ouverts',
  TRANSFER_TOO_LARGE: 'Vous pouvez transférer au maximum {max} {coin} pour le moment',
  PLAN_NOT_FOUND: "Cet ordre de déclenchement n'existe pas ou n'est plus en attente",
  POSITION_SIDE_INVALID: 'Le sens de la position ne correspond pas au mode de position : {detail}',
  RISK_LIMIT_EXCEEDED:
    'Avec un levier de {leverage}x, la position ne peut pas dépasser {max} {coin} ; veuillez réduire le levier',
  MARGIN_INSUFFICIENT: 'Marge insuffisante : {required} {coin} requis, {available} disponibles',
  TRIGGER_PRICE_INVALID: 'Le prix de déclenchement doit être un multiple positif de {tick}',
  CALLBACK_RATE_INVALID:
    'Le taux de rappel doit être compris entre {min} % et {max} %, avec au plus deux décimales',
  ACTIVATION_PRICE_INVALID:
    "Un stop suiveur de vente doit s'activer au-dessus du prix actuel ({price}), un stop suiveur d'achat en dessous",
  SERVICE_BUSY: 'La plateforme est très sollicitée, veuillez réessayer dans un instant',
  DEVICE_TOKEN_INVALID:
    'Un jeton d’appareil valide est requis, veuillez actualiser la page et réessayer',
  BODY_NOT_ENCRYPTED:
    'Les identifiants doivent être envoyés chiffrés, veuillez actualiser la page et réessayer',
  BODY_CIPHERTEXT_INVALID:
    'La requête chiffrée est illisible, veuillez actualiser la page et réessayer',
  CLIENT_KEY_INVALID:
    'La clé de l’appareil n’a pas pu être vérifiée, veuillez actualiser la page et réessayer',
  CROSS_SITE_REFUSED: 'Cette requête provient d’un autre site et a été refusée',
  API_KEY_NOT_FOUND: 'Clé API introuvable',
  API_KEY_LIMIT: 'Vous pouvez avoir au plus {max} clés API ; supprimez-en une d’abord',
  API_KEY_NEEDS_SECOND_FACTOR:
    'Activez un second facteur (Google Authenticator, e-mail ou SMS) avant de gérer des clés API',
  API_KEY_IP_INVALID: '{ip} n’est ni une adresse IP ni une plage CIDR',
  API_KEY_SCOPES_INVALID: 'Choisissez au moins une autorisation : lecture, trading ou retrait',
  API_KEY_PASSPHRASE_WEAK: 'La phrase secrète doit compter de 8 à 32 lettres et chiffres',
  API_KEY_MISSING: 'ACCESS_KEY ne peut pas être vide',
  API_SIGN_MISSING: 'La signature ne peut pas être vide',
  API_TIMESTAMP_INVALID: 'ACCESS_TIMESTAMP invalide',
  API_KEY_INVALID: 'ACCESS_KEY invalide',
  API_TIMESTAMP_EXPIRED: 'L’horodatage de la requête a expiré',
  API_SIGN_INVALID: 'Erreur de signature',
  API_SIGN_REPLAYED: 'Cette signature a déjà été utilisée ; signez chaque requête à nouveau',
  API_PASSPHRASE_MISSING: 'ACCESS_PASSPHRASE ne peut pas être vide',
  API_PASSPHRASE_INVALID: 'La phrase secrète de la clé API est incorrecte',
  API_KEY_DISABLED: 'ACCESS_KEY invalide : cette clé API est désactivée',
  API_SCOPE_DENIED: 'Autorisations insuffisantes pour cette clé API',
  API_IP_DENIED: 'IP invalide : cette clé API ne peut pas être utilisée depuis cette adresse',
  API_KEY_UNKNOWN: 'La clé API n’existe pas',
  MAIL_VERIFY_SUBJECT: 'Votre code de vérification Quay : {code}',
  MAIL_VERIFY_BODY:
    "Votre code de vérification est {code}. Il est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez ce message et ne communiquez ce code à personne.",
  SMS_VERIFY_BODY: '[Quay] Votre code de vérification est {code}, valable {minutes} minutes.',
  PASSWORD_OLD_WRONG: 'Le mot de passe actuel est incorrect',
  PASSWORD_UNCHANGED: "Le nouveau mot de passe doit être différent de l'actuel",
  ACCOUNT_SESSION_NOT_FOUND: "Cette session n'existe pas ou est déjà terminée",
  ACCOUNT_SESSION_CURRENT:
    "C'est la session que vous utilisez ; déconnectez-vous pour y mettre fin",
  WITHDRAW_HELD:
    "Les retraits sont suspendus pendant 24 heures après une réinitialisation du mot de passe, jusqu'au {until} (UTC)",
  ACCOUNT_FROZEN: 'Ce compte est gelé. Contactez le support pour le dégeler',
  MAIL_ANTI_PHISHING_LINE: 'Votre code anti-hameçonnage : {code}',
  MAIL_NEW_DEVICE_SUBJECT: 'Quay : connexion depuis un nouvel appareil',
  MAIL_NEW_DEVICE_BODY:
    "Une connexion à votre compte a eu lieu depuis un nouvel appareil : {device}, IP {ip}, le {time} (UTC). Si ce n'était pas vous, changez votre mot de passe et gelez votre compte immédiatement.",
  MAIL_PASSWORD_CHANGED_SUBJECT: 'Quay : votre mot de passe a été modifié',
  MAIL_PASSWORD_CHANGED_BODY:
    "Le mot de passe de votre compte a été modifié le {time} (UTC) et toutes les autres sessions ont été déconnectées. Si ce n'était pas vous, réinitialisez votre mot de passe et gelez votre compte immédiatement.",
  MAIL_PASSWORD_RESET_SUBJECT: 'Quay : votre mot de passe a été réinitialisé',
  MAIL_PASSWORD_RESET_BODY:
    "Le mot de passe de votre compte a été réinitialisé le {time} (UTC). Toutes les sessions ont été déconnectées et les retraits sont suspendus jusqu'au {until} (UTC). Si ce n'était pas vous, gelez votre compte immédiatement et contactez le support.",
  MAIL_FROZEN_SUBJECT: 'Quay : votre compte est gelé',
  MAIL_FROZEN_BODY:
    'Votre compte a été gelé le {time} (UTC) : connexion et trading sont bloqués et toutes les sessions ont été déconnectées. Pour le dégeler, contactez le support.',
  MARGIN_ACCOUNT_INVALID: "Le trading sur marge n'est pas ouvert sur ce marché",
  MARGIN_COIN_INVALID: '{coin} ne peut pas être utilisé dans ce compte sur marge',
  MARGIN_BORROW_TOO_LARGE: 'Vous pouvez emprunter au plus {max} {coin} pour le moment',
  MARGIN_REPAY_TOO_LARGE: 'Seulement {owed} {coin} sont dus',
  MARGIN_TRANSFER_RISK: 'Au plus {max} {coin} peuvent être transférés sans appel de marge',
  MARGIN_TRANSFER_INVALID: 'Impossible de déplacer des cryptos entre ces deux comptes',
  MARGIN_NOTHING_OWED: "Rien n'est dû en {coin}",
  MARGIN_DEMO_UNAVAILABLE: "Le trading sur marge n'est pas disponible en mode simulation",
  MAIL_MARGIN_CALL_SUBJECT: 'Appel de marge sur votre compte sur marge {account}',
  MAIL_MARGIN_CALL_BODY:
    "Le niveau de marge de votre compte sur marge {account} est tombé à {level}, au niveau ou en dessous du seuil d'appel de {call}. Transférez des garanties ou remboursez vos emprunts : à {liquidation}, le compte est liquidé.",
};
