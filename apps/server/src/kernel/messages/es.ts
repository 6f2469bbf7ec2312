import type { MessageName } from './names';

export const es: Record<MessageName, string> = {
  SUCCESS: 'Operación correcta',
  ERROR: 'El sistema está ocupado, inténtalo de nuevo más tarde',
  UNAUTHORISED: 'Inicia sesión para continuar',
  LOGIN_REQUIRED: 'Primero inicia sesión',
  ACCOUNT_DISABLED: 'Esta cuenta ha sido desactivada',
  SESSION_REVOKED: 'Se ha cerrado tu sesión',
  SIGN_MISSING: 'Falta la firma de la solicitud',
  SIGN_MODE_MISMATCH: 'El modo de firma de la solicitud no coincide',
  SIGN_EXPIRED: 'La firma de la solicitud ha expirado',
  SIGN_INVALID: 'La firma de la solicitud no es válida',
  TOKEN_INVALID: 'La sesión ha expirado, vuelve a iniciar sesión',
  SESSION_EXPIRED: 'La sesión ha expirado, vuelve a iniciar sesión',
  INVALID_PARAMETER: 'Los parámetros de la solicitud no son válidos',
  FIELD_MISSING: 'El campo {field} es obligatorio',
  FIELD_TYPE: 'El campo {field} tiene un tipo incorrecto',
  FIELD_TOO_LONG: 'El campo {field} es demasiado largo (máximo {limit} caracteres)',
  FIELD_TOO_SHORT: 'El campo {field} es demasiado corto (mínimo {limit} caracteres)',
  FIELD_FORMAT: 'El campo {field} no tiene un formato válido',
  FIELD_UNKNOWN: 'El campo {field} no está permitido',
  BODY_MALFORMED: 'No se pudo leer el cuerpo de la solicitud',
  TOO_MANY_REQUESTS: 'Demasiadas solicitudes, inténtalo de nuevo en {seconds} segundos',
  ROUTE_NOT_FOUND: 'El recurso solicitado no existe',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande',
  UNSUPPORTED_MEDIA_TYPE: 'Este tipo de contenido no es compatible',
  EMAIL_TAKEN: 'Este correo electrónico ya está registrado',
  MOBILE_TAKEN: 'Este número de teléfono ya está registrado',
  VERIFY_CODE_INVALID: 'El código de verificación es incorrecto o ha expirado',
  PASSWORD_MISMATCH: 'Las contraseñas no coinciden',
  PASSWORD_WEAK:
    'La contraseña debe tener entre 8 y 32 caracteres e incluir mayúsculas, minúsculas y un número',
  LOGIN_FAILED: 'La cuenta o la contraseña son incorrectas',
  VERIFY_CODE_TOO_FREQUENT: 'Se envió un código hace poco, espera {seconds} segundos',
  REFERRAL_CODE_UNKNOWN: 'Este código de referido no existe',
  ACCOUNT_LOCKED: 'Demasiados intentos fallidos, inténtalo de nuevo en {seconds} segundos',
  EMAIL_INVALID: 'Introduce un correo electrónico válido',
  MOBILE_INVALID: 'Introduce un número de teléfono válido',
  AREA_CODE_INVALID: 'Introduce un código de país válido',
  LOGIN_TICKET_INVALID: 'La verificación del inicio de sesión ha caducado, vuelve a iniciar sesión',
  GOOGLE_CODE_INVALID: 'El código de Google Authenticator es incorrecto',
  FACTOR_CODE_MISSING: 'Introduce todos los códigos de verificación que requiere esta cuenta',
  FACTOR_UNAVAILABLE:
    'Esta cuenta no tiene correo electrónico ni número de móvil para este método de verificación',
  GOOGLE_SETUP_MISSING:
    'No hay ninguna clave de autenticador nueva pendiente de confirmar, empieza de nuevo',
  FACTOR_NOT_ENABLED: 'Este método de verificación no está activado',
  FACTOR_ALREADY_ENABLED: 'Este método de verificación ya está activado',
  TIME_RANGE_INVALID: 'La hora de inicio no puede ser posterior a la hora de fin',
  ANNOUNCEMENT_NOT_FOUND: 'Este anuncio no existe',
  HELP_ARTICLE_NOT_FOUND: 'Este artículo de ayuda no existe',
  MARKET_UNKNOWN: 'Este mercado no existe',
  PRICE_INVALID: 'El precio debe ser un múltiplo positivo de {tick}',
  QUANTITY_INVALID: 'La cantidad debe ser un múltiplo positivo de {lot}',
  NOTIONAL_TOO_SMALL: 'El valor de la orden debe ser de al menos {minNotional} {coin}',
  INSUFFICIENT_BALANCE: 'Saldo de {coin} insuficiente',
  ORDER_NOT_FOUND: 'Esta orden no existe o ya no está abierta',
  POST_ONLY_WOULD_TAKE:
    'Una orden post-only se habría ejecutado de inmediato, por lo que no se ha colocado',
  FOK_NOT_FILLABLE:
    'La orden no se ha podido ejecutar por completo de inmediato, por lo que no se ha colocado',
  NO_LIQUIDITY: 'No hay órdenes en el otro lado del libro',
  ORDER_TYPE_INVALID: 'Esta combinación de tipo de orden y campos no está permitida: {detail}',
  CLIENT_ORDER_ID_TAKEN: 'Ya existe una orden con este ID de orden de cliente',
  COIN_UNKNOWN: 'Esta moneda no es compatible',
  AMOUNT_INVALID: 'El importe debe ser un número positivo con {decimals} decimales como máximo',
  ADDRESS_INVALID: 'Esta dirección no es válida para la red {network}',
  WITHDRAW_TOO_SMALL: 'El retiro mínimo es de {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: 'Este retiro no existe o ya no está pendiente',
  DEMO_NO_TRANSFER:
    'El trading de demostración no admite depósitos ni retiros, y las monedas de demostración no se pueden mover',
  LEVERAGE_INVALID:
    'El apalancamiento debe ser un número entero de 1 a {max}x para este tamaño de posición',
  REDUCE_ONLY_WOULD_OPEN:
    'Una orden reduce-only solo puede reducir la posición; no hay suficiente para cerrar',
  TPSL_PRICE_INVALID:
    'En una posición larga, el take profit va por encima y el stop loss por debajo del precio de marca; en una corta, al revés; y el stop loss debe activarse antes del precio de liquidación',
  MARGIN_REDUCE_TOO_MUCH: 'Se pueden retirar como máximo {max} {coin} de margen de esta posición',
  POSITION_NOT_FOUND: 'No existe esa posición abierta',
  POSITION_MODE_LOCKED:
    'No puedes cambiar el modo de posición mientras tengas posiciones u órdenes abiertas',
  MARGIN_MODE_LOCKED:
    'No puedes cambiar el modo de margen mientras este mercado tenga una posición u órdenes abiertas',
  TRANSFER_TOO_LARGE: 'Ahora puedes transferir como máximo {max} {coin}',
  PLAN_NOT_FOUND: 'Esta orden de activación no existe o ya no está en espera',
  POSITION_SIDE_INVALID: 'El lado de la posición no coincide con el modo de posición: {detail}',
  RISK_LIMIT_EXCEEDED:
    'Con {leverage}x la posición no puede superar {max} {coin}; reduce el apalancamiento',
  MARGIN_INSUFFICIENT:
    'Margen insuficiente: se necesitan {required} {coin} y hay {available} disponibles',
  TRIGGER_PRICE_INVALID: 'El precio de activación debe ser un múltiplo positivo de {tick}',
  CALLBACK_RATE_INVALID:
    'La tasa de retroceso debe estar entre {min} % y {max} % con dos decimales como máximo',
  ACTIVATION_PRICE_INVALID:
    'Un trailing stop de venta debe activarse por encima del precio actual ({price}) y uno de compra por debajo',
  SERVICE_BUSY: 'El exchange está ocupado, inténtalo de nuevo en un momento',
  DEVICE_TOKEN_INVALID:
    'Se requiere un token de dispositivo válido, actualiza la página e inténtalo de nuevo',
  BODY_NOT_ENCRYPTED:
    'Los datos de acceso deben enviarse cifrados, actualiza la página e inténtalo de nuevo',
  BODY_CIPHERTEXT_INVALID:
    'No se pudo leer la solicitud cifrada, actualiza la página e inténtalo de nuevo',
  CLIENT_KEY_INVALID:
    'No se pudo verificar la clave del dispositivo, actualiza la página e inténtalo de nuevo',
  CROSS_SITE_REFUSED: 'Esta solicitud procede de otro sitio web y se ha rechazado',
  MAIL_VERIFY_SUBJECT: 'Tu código de verificación de Quay: {code}',
  MAIL_VERIFY_BODY:
    'Tu código de verificación es {code}. Es válido durante {minutes} minutos. Si no lo has solicitado, ignora este mensaje y no compartas el código con nadie.',
  SMS_VERIFY_BODY: '[Quay] Tu código de verificación es {code}, válido durante {minutes} minutos.',
  MARGIN_ACCOUNT_INVALID: 'El trading con margen no está abierto en este mercado',
  MARGIN_COIN_INVALID: '{coin} no se puede usar en esta cuenta de margen',
  MARGIN_BORROW_TOO_LARGE: 'Ahora se pueden pedir prestados como máximo {max} {coin}',
  MARGIN_REPAY_TOO_LARGE: 'Solo se deben {owed} {coin}',
  MARGIN_TRANSFER_RISK: 'Se pueden transferir como máximo {max} {coin} sin una llamada de margen',
  MARGIN_TRANSFER_INVALID: 'No se pueden mover monedas entre estas dos cuentas',
  MARGIN_NOTHING_OWED: 'No se debe nada en {coin}',
  MARGIN_DEMO_UNAVAILABLE: 'El trading con margen no está disponible en el modo de simulación',
  MAIL_MARGIN_CALL_SUBJECT: 'Llamada de margen en tu cuenta de margen {account}',
  MAIL_MARGIN_CALL_BODY:
    'El nivel de margen de tu cuenta de margen {account} ha bajado a {level}, igual o por debajo de la línea de llamada de {call}. Transfiere garantía o devuelve tus préstamos: en {liquidation} la cuenta se liquida.',
};
