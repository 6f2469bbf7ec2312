import type { MessageName } from './names';

export const pt: Record<MessageName, string> = {
  SUCCESS: 'Sucesso',
  ERROR: 'O sistema está ocupado, tente novamente mais tarde',
  UNAUTHORISED: 'Faça login para continuar',
  LOGIN_REQUIRED: 'Faça login primeiro',
  ACCOUNT_DISABLED: 'Esta conta foi desativada',
  SESSION_REVOKED: 'Sua sessão foi encerrada',
  SIGN_MISSING: 'A assinatura da requisição está ausente',
  SIGN_MODE_MISMATCH: 'O modo de assinatura da requisição não corresponde',
  SIGN_EXPIRED: 'A assinatura da requisição expirou',
  SIGN_INVALID: 'A assinatura da requisição é inválida',
  TOKEN_INVALID: 'Sua sessão expirou, faça login novamente',
  SESSION_EXPIRED: 'Sua sessão expirou, faça login novamente',
  INVALID_PARAMETER: 'Os parâmetros da requisição são inválidos',
  FIELD_MISSING: 'O campo {field} é obrigatório',
  FIELD_TYPE: 'O tipo do campo {field} é inválido',
  FIELD_TOO_LONG: 'O campo {field} é longo demais (no máximo {limit} caracteres)',
  FIELD_TOO_SHORT: 'O campo {field} é curto demais (no mínimo {limit} caracteres)',
  FIELD_FORMAT: 'O campo {field} não está em um formato válido',
  FIELD_UNKNOWN: 'O campo {field} não é permitido',
  BODY_MALFORMED: 'Não foi possível ler o corpo da requisição',
  TOO_MANY_REQUESTS: 'Muitas requisições, tente novamente em {seconds} segundos',
  ROUTE_NOT_FOUND: 'O recurso solicitado não existe',
  PAYLOAD_TOO_LARGE: 'A requisição é grande demais',
  UNSUPPORTED_MEDIA_TYPE: 'Este tipo de conteúdo não é suportado',
  EMAIL_TAKEN: 'Este e-mail já está cadastrado',
  MOBILE_TAKEN: 'Este número de telefone já está cadastrado',
  VERIFY_CODE_INVALID: 'O código de verificação está errado ou expirou',
  PASSWORD_MISMATCH: 'As senhas não coincidem',
  PASSWORD_WEAK:
    'A senha deve ter de 8 a 32 caracteres e conter letras maiúsculas, minúsculas e um número',
  LOGIN_FAILED: 'Conta ou senha incorretas',
  VERIFY_CODE_TOO_FREQUENT: 'Um código foi enviado há pouco, aguarde {seconds} segundos',
  REFERRAL_CODE_UNKNOWN: 'Este código de indicação não existe',
  ACCOUNT_LOCKED: 'Muitas tentativas malsucedidas, tente novamente em {seconds} segundos',
  EMAIL_INVALID: 'Insira um e-mail válido',
  MOBILE_INVALID: 'Insira um número de telefone válido',
  AREA_CODE_INVALID: 'Insira um código de país válido',
  LOGIN_TICKET_INVALID: 'A verificação de login expirou, faça login novamente',
  GOOGLE_CODE_INVALID: 'O código do Google Authenticator está incorreto',
  FACTOR_CODE_MISSING: 'Insira todos os códigos de verificação exigidos por esta conta',
  FACTOR_UNAVAILABLE:
    'Esta conta não tem e-mail nem número de celular para este método de verificação',
  GOOGLE_SETUP_MISSING: 'Nenhuma nova chave de autenticador aguarda confirmação, comece novamente',
  FACTOR_NOT_ENABLED: 'Este método de verificação não está ativado',
  FACTOR_ALREADY_ENABLED: 'Este método de verificação já está ativado',
  TIME_RANGE_INVALID: 'O horário de início não pode ser posterior ao horário de término',
  ANNOUNCEMENT_NOT_FOUND: 'Este anúncio não existe',
  HELP_ARTICLE_NOT_FOUND: 'Este artigo de ajuda não existe',
  MARKET_UNKNOWN: 'Este mercado não existe',
  PRICE_INVALID: 'O preço deve ser um múltiplo positivo de {tick}',
  QUANTITY_INVALID: 'A quantidade deve ser um múltiplo positivo de {lot}',
  NOTIONAL_TOO_SMALL: 'O valor da ordem deve ser de no mínimo {minNotional} {coin}',
  INSUFFICIENT_BALANCE: 'Saldo de {coin} insuficiente',
  ORDER_NOT_FOUND: 'Esta ordem não existe ou não está mais aberta',
  POST_ONLY_WOULD_TAKE:
    'Uma ordem post-only seria executada imediatamente, por isso não foi enviada',
  FOK_NOT_FILLABLE:
    'A ordem não pôde ser executada integralmente de imediato, por isso não foi enviada',
  NO_LIQUIDITY: 'Não há ordens do outro lado do livro',
  ORDER_TYPE_INVALID: 'Esta combinação de tipo de ordem e campos não é permitida: {detail}',
  CLIENT_ORDER_ID_TAKEN: 'Já existe uma ordem com este ID de ordem do cliente',
  COIN_UNKNOWN: 'Esta moeda não é suportada',
  AMOUNT_INVALID: 'O valor deve ser um número positivo com no máximo {decimals} casas decimais',
  ADDRESS_INVALID: 'Este endereço não é válido para a rede {network}',
  WITHDRAW_TOO_SMALL: 'O saque mínimo é de {minimum} {coin}',
  WITHDRAWAL_NOT_FOUND: 'Este saque não existe ou não está mais pendente',
  DEMO_NO_TRANSFER:
    'A negociação demo não tem depósitos nem saques, e as moedas demo não podem ser movidas',
  LEVERAGE_INVALID:
    'A alavancagem deve ser um número inteiro de 1 a {max}x para este tamanho de posição',
  REDUCE_ONLY_WOULD_OPEN:
    'Uma ordem reduce-only só pode reduzir a posição; não há o suficiente para fechar',
  TPSL_PRICE_INVALID:
    'Em uma posição long, o take profit fica acima e o stop loss abaixo do preço de marcação; em uma short, o contrário; e o stop loss deve ser acionado antes do preço de liquidação',
  MARGIN_REDUCE_TOO_MUCH: 'No máximo {max} {coin} de margem podem ser removidos desta posição',
  POSITION_NOT_FOUND: 'Esta posição aberta não existe',
  POSITION_MODE_LOCKED:
    'O modo de posição não pode ser alterado enquanto você tiver posições ou ordens abertas',
  MARGIN_MODE_LOCKED:
    'O modo de margem não pode ser alterado enquanto este mercado tiver uma posição ou ordens abertas',
  TRANSFER_TOO_LARGE: 'No momento, é possível transferir no máximo {max} {coin}',
  PLAN_NOT_FOUND: 'Esta ordem de gatilho não existe ou não está mais aguardando',
  POSITION_SIDE_INVALID: 'O lado da posição não corresponde ao modo de posição: {detail}',
  RISK_LIMIT_EXCEEDED:
    'Com {leverage}x, a posição não pode exceder {max} {coin}; reduza a alavancagem',
  MARGIN_INSUFFICIENT:
    'Margem insuficiente: são necessários {required} {coin}, há {available} disponíveis',
  TRIGGER_PRICE_INVALID: 'O preço de gatilho deve ser um múltiplo positivo de {tick}',
  CALLBACK_RATE_INVALID:
    'A taxa de retração deve estar entre {min} % e {max} %, com no máximo duas casas decimais',
  ACTIVATION_PRICE_INVALID:
    'Um trailing stop de venda deve ser ativado acima do preço atual ({price}) e um de compra abaixo dele',
  SERVICE_BUSY: 'A corretora está ocupada, tente novamente em instantes',
  DEVICE_TOKEN_INVALID:
    'É necessário um token de dispositivo válido, atualize a página e tente novamente',
  BODY_NOT_ENCRYPTED:
    'Os dados de acesso devem ser enviados criptografados, atualize a página e tente novamente',
  BODY_CIPHERTEXT_INVALID:
    'Não foi possível ler a solicitação criptografada, atualize a página e tente novamente',
  CLIENT_KEY_INVALID:
    'Não foi possível verificar a chave do dispositivo, atualize a página e tente novamente',
  CROSS_SITE_REFUSED: 'Esta solicitação veio de outro site e foi recusada',
  MAIL_VERIFY_SUBJECT: 'Seu código de verificação da Quay: {code}',
  MAIL_VERIFY_BODY:
    'Seu código de verificação é {code}. Ele é válido por {minutes} minutos. Se você não o solicitou, ignore esta mensagem e não compartilhe o código com ninguém.',
  SMS_VERIFY_BODY: '[Quay] Seu código de verificação é {code}, válido por {minutes} minutos.',
  MARGIN_ACCOUNT_INVALID: 'A negociação com margem não está aberta neste mercado',
  MARGIN_COIN_INVALID: '{coin} não pode ser usado nesta conta de margem',
  MARGIN_BORROW_TOO_LARGE: 'No momento, é possível pedir emprestado no máximo {max} {coin}',
  MARGIN_REPAY_TOO_LARGE: 'Apenas {owed} {coin} estão em dívida',
  MARGIN_TRANSFER_RISK: 'No máximo {max} {coin} podem ser transferidos sem chamada de margem',
  MARGIN_TRANSFER_INVALID: 'Não é possível mover moedas entre estas duas contas',
  MARGIN_NOTHING_OWED: 'Não há dívida em {coin}',
  MARGIN_DEMO_UNAVAILABLE: 'A negociação com margem não está disponível no modo de simulação',
  MAIL_MARGIN_CALL_SUBJECT: 'Chamada de margem na sua conta de margem {account}',
  MAIL_MARGIN_CALL_BODY:
    'O nível de margem da sua conta de margem {account} caiu para {level}, igual ou abaixo da linha de chamada de {call}. Transfira garantia ou pague seus empréstimos: em {liquidation} a conta é liquidada.',
};
