/**
 * The Terms of Use a new exchange shows until its operator publishes its own,
 * one text per message catalogue (every locale reads one of them).
 */
import type { Catalogue } from '@quay/core';
import { NL_LEGAL } from './legal-nl';
import { SV_LEGAL } from './legal-sv';
import type { LegalText } from './legal-text';

export const DEFAULT_TERMS: Record<Catalogue, LegalText> = {
  en: {
    title: 'Terms of Use',
    intro:
      'These terms apply when you use this exchange. They are the default text of the Quay software: the operator of this site has not published terms of its own yet.',
    sections: [
      [
        'Your account',
        'You must be of legal age where you live and give true details. Keep your password and verification codes to yourself and turn on two-factor authentication: you are responsible for what is done with your account.',
      ],
      [
        'Trading risk',
        'Crypto-asset prices move fast and you can lose all you trade with. Futures use leverage, which multiplies losses as well as gains. Nothing on this site is financial advice.',
      ],
      [
        'Orders and fees',
        'An order is binding once it is matched. Fees are shown before you trade and charged as the fee schedule says.',
      ],
      [
        'Suspension',
        'The operator may suspend an account or a market to comply with the law, to protect users or to keep the service secure.',
      ],
      [
        'Changes',
        'These terms may change; this page shows the current text. By using the service after a change you accept the new terms.',
      ],
    ],
  },
  ja: {
    title: '利用規約',
    intro:
      '本規約は、本取引所をご利用いただく際に適用されます。これは Quay ソフトウェアの既定の文面であり、本サイトの運営者はまだ独自の規約を公開していません。',
    sections: [
      [
        'アカウント',
        'お住まいの地域で成年に達しており、正確な情報を登録する必要があります。パスワードと認証コードは他人に教えず、二段階認証を有効にしてください。アカウントで行われた操作の責任はお客様にあります。',
      ],
      [
        '取引のリスク',
        '暗号資産の価格は急速に変動し、取引に用いた資金をすべて失う可能性があります。先物はレバレッジを用いるため、利益だけでなく損失も拡大します。本サイトの内容は投資助言ではありません。',
      ],
      [
        '注文と手数料',
        '注文は約定した時点で確定します。手数料は取引前に表示され、手数料表に従って請求されます。',
      ],
      [
        '利用停止',
        '運営者は、法令の遵守、利用者の保護、またはサービスの安全のために、アカウントや市場を停止することがあります。',
      ],
      [
        '変更',
        '本規約は変更されることがあり、本ページには最新の文面が表示されます。変更後もサービスを利用された場合、新しい規約に同意したものとみなされます。',
      ],
    ],
  },
  vi: {
    title: 'Điều khoản sử dụng',
    intro:
      'Các điều khoản này áp dụng khi bạn sử dụng sàn giao dịch này. Đây là văn bản mặc định của phần mềm Quay: đơn vị vận hành trang này chưa công bố điều khoản riêng.',
    sections: [
      [
        'Tài khoản của bạn',
        'Bạn phải đủ tuổi thành niên theo pháp luật nơi bạn sống và cung cấp thông tin trung thực. Hãy giữ bí mật mật khẩu và mã xác minh, đồng thời bật xác thực hai yếu tố: bạn chịu trách nhiệm về mọi hoạt động trên tài khoản của mình.',
      ],
      [
        'Rủi ro giao dịch',
        'Giá tài sản tiền mã hóa biến động nhanh và bạn có thể mất toàn bộ số tiền dùng để giao dịch. Hợp đồng tương lai sử dụng đòn bẩy, làm tăng cả lỗ lẫn lãi. Không nội dung nào trên trang này là lời khuyên tài chính.',
      ],
      [
        'Lệnh và phí',
        'Lệnh có hiệu lực ràng buộc khi đã được khớp. Phí được hiển thị trước khi bạn giao dịch và được thu theo biểu phí.',
      ],
      [
        'Tạm ngừng',
        'Đơn vị vận hành có thể tạm ngừng một tài khoản hoặc một thị trường để tuân thủ pháp luật, bảo vệ người dùng hoặc giữ an toàn cho dịch vụ.',
      ],
      [
        'Thay đổi',
        'Các điều khoản này có thể thay đổi; trang này luôn hiển thị bản hiện hành. Việc tiếp tục sử dụng dịch vụ sau khi thay đổi đồng nghĩa với việc bạn chấp nhận điều khoản mới.',
      ],
    ],
  },
  ru: {
    title: 'Условия использования',
    intro:
      'Эти условия действуют, когда вы пользуетесь этой биржей. Это текст программы Quay по умолчанию: оператор сайта ещё не опубликовал собственные условия.',
    sections: [
      [
        'Ваш аккаунт',
        'Вы должны быть совершеннолетним по законам страны проживания и указывать достоверные данные. Никому не сообщайте пароль и коды подтверждения и включите двухфакторную аутентификацию: вы отвечаете за всё, что делается с вашего аккаунта.',
      ],
      [
        'Риски торговли',
        'Цены криптоактивов меняются быстро, и вы можете потерять все средства, которыми торгуете. Фьючерсы используют кредитное плечо, которое увеличивает и прибыль, и убытки. Ничто на этом сайте не является финансовой рекомендацией.',
      ],
      [
        'Ордера и комиссии',
        'Ордер становится обязательным после исполнения. Комиссии показываются до сделки и взимаются согласно тарифам.',
      ],
      [
        'Приостановка',
        'Оператор может приостановить аккаунт или рынок, чтобы выполнить требования закона, защитить пользователей или обеспечить безопасность сервиса.',
      ],
      [
        'Изменения',
        'Условия могут меняться; на этой странице всегда действующая редакция. Продолжая пользоваться сервисом после изменений, вы принимаете новые условия.',
      ],
    ],
  },
  es: {
    title: 'Términos de uso',
    intro:
      'Estos términos se aplican cuando usas este exchange. Son el texto predeterminado del software Quay: el operador de este sitio aún no ha publicado términos propios.',
    sections: [
      [
        'Tu cuenta',
        'Debes ser mayor de edad según la ley de tu país y dar datos verdaderos. No compartas tu contraseña ni tus códigos de verificación y activa la autenticación en dos pasos: eres responsable de lo que se haga con tu cuenta.',
      ],
      [
        'Riesgo de trading',
        'Los precios de los criptoactivos cambian rápido y puedes perder todo lo que operas. Los futuros usan apalancamiento, que multiplica tanto las pérdidas como las ganancias. Nada en este sitio es asesoramiento financiero.',
      ],
      [
        'Órdenes y comisiones',
        'Una orden es vinculante una vez ejecutada. Las comisiones se muestran antes de operar y se cobran según la tabla de comisiones.',
      ],
      [
        'Suspensión',
        'El operador puede suspender una cuenta o un mercado para cumplir la ley, proteger a los usuarios o mantener la seguridad del servicio.',
      ],
      [
        'Cambios',
        'Estos términos pueden cambiar; esta página muestra siempre el texto vigente. Si sigues usando el servicio tras un cambio, aceptas los nuevos términos.',
      ],
    ],
  },
  tr: {
    title: 'Kullanım Koşulları',
    intro:
      'Bu koşullar bu borsayı kullandığınızda geçerlidir. Bunlar Quay yazılımının varsayılan metnidir: bu sitenin işletmecisi henüz kendi koşullarını yayımlamamıştır.',
    sections: [
      [
        'Hesabınız',
        'Yaşadığınız yerde reşit olmalı ve doğru bilgi vermelisiniz. Şifrenizi ve doğrulama kodlarınızı kimseyle paylaşmayın ve iki adımlı doğrulamayı açın: hesabınızla yapılan her şeyden siz sorumlusunuz.',
      ],
      [
        'İşlem riski',
        'Kripto varlık fiyatları hızla değişir ve işlem yaptığınız tüm fonları kaybedebilirsiniz. Vadeli işlemler kaldıraç kullanır; kaldıraç kazançları da kayıpları da büyütür. Bu sitedeki hiçbir şey yatırım tavsiyesi değildir.',
      ],
      [
        'Emirler ve ücretler',
        'Bir emir eşleştiği anda bağlayıcıdır. Ücretler işlemden önce gösterilir ve ücret tablosuna göre alınır.',
      ],
      [
        'Askıya alma',
        'İşletmeci, yasalara uymak, kullanıcıları korumak veya hizmetin güvenliğini sağlamak için bir hesabı ya da piyasayı askıya alabilir.',
      ],
      [
        'Değişiklikler',
        'Bu koşullar değişebilir; bu sayfa her zaman güncel metni gösterir. Bir değişiklikten sonra hizmeti kullanmaya devam ederseniz yeni koşulları kabul etmiş olursunuz.',
      ],
    ],
  },
  it: {
    title: "Termini d'uso",
    intro:
      'Questi termini si applicano quando usi questo exchange. Sono il testo predefinito del software Quay: il gestore di questo sito non ha ancora pubblicato termini propri.',
    sections: [
      [
        'Il tuo account',
        "Devi essere maggiorenne secondo la legge del tuo paese e fornire dati veri. Non condividere password e codici di verifica e attiva l'autenticazione a due fattori: sei responsabile di ciò che viene fatto con il tuo account.",
      ],
      [
        'Rischi del trading',
        'I prezzi delle cripto-attività cambiano rapidamente e puoi perdere tutto ciò che investi. I futures usano la leva, che moltiplica sia le perdite sia i guadagni. Nulla su questo sito è una consulenza finanziaria.',
      ],
      [
        'Ordini e commissioni',
        "Un ordine è vincolante una volta eseguito. Le commissioni sono mostrate prima dell'operazione e addebitate secondo la tabella delle commissioni.",
      ],
      [
        'Sospensione',
        'Il gestore può sospendere un account o un mercato per rispettare la legge, proteggere gli utenti o mantenere sicuro il servizio.',
      ],
      [
        'Modifiche',
        'Questi termini possono cambiare; questa pagina mostra sempre il testo in vigore. Continuando a usare il servizio dopo una modifica accetti i nuovi termini.',
      ],
    ],
  },
  fr: {
    title: "Conditions d'utilisation",
    intro:
      "Ces conditions s'appliquent lorsque vous utilisez cette plateforme d'échange. Il s'agit du texte par défaut du logiciel Quay : l'exploitant de ce site n'a pas encore publié ses propres conditions.",
    sections: [
      [
        'Votre compte',
        "Vous devez être majeur selon la loi de votre pays et fournir des informations exactes. Gardez pour vous votre mot de passe et vos codes de vérification et activez l'authentification à deux facteurs : vous êtes responsable de ce qui est fait avec votre compte.",
      ],
      [
        'Risques du trading',
        "Les prix des crypto-actifs évoluent vite et vous pouvez perdre tout ce que vous engagez. Les contrats à terme utilisent l'effet de levier, qui multiplie les pertes comme les gains. Rien sur ce site ne constitue un conseil financier.",
      ],
      [
        'Ordres et frais',
        "Un ordre est ferme dès qu'il est exécuté. Les frais sont affichés avant la transaction et prélevés selon la grille tarifaire.",
      ],
      [
        'Suspension',
        "L'exploitant peut suspendre un compte ou un marché pour respecter la loi, protéger les utilisateurs ou assurer la sécurité du service.",
      ],
      [
        'Modifications',
        "Ces conditions peuvent changer ; cette page affiche toujours le texte en vigueur. En continuant d'utiliser le service après une modification, vous acceptez les nouvelles conditions.",
      ],
    ],
  },
  de: {
    title: 'Nutzungsbedingungen',
    intro:
      'Diese Bedingungen gelten, wenn Sie diese Börse nutzen. Es ist der Standardtext der Quay-Software: Der Betreiber dieser Website hat noch keine eigenen Bedingungen veröffentlicht.',
    sections: [
      [
        'Ihr Konto',
        'Sie müssen nach dem Recht Ihres Wohnorts volljährig sein und wahre Angaben machen. Geben Sie Passwort und Bestätigungscodes niemandem weiter und aktivieren Sie die Zwei-Faktor-Authentifizierung: Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht.',
      ],
      [
        'Handelsrisiken',
        'Kurse von Krypto-Assets ändern sich schnell, und Sie können alles verlieren, womit Sie handeln. Futures arbeiten mit Hebel, der Verluste ebenso vervielfacht wie Gewinne. Nichts auf dieser Website ist eine Anlageberatung.',
      ],
      [
        'Aufträge und Gebühren',
        'Ein Auftrag ist verbindlich, sobald er ausgeführt ist. Gebühren werden vor dem Handel angezeigt und laut Gebührenordnung berechnet.',
      ],
      [
        'Sperrung',
        'Der Betreiber kann ein Konto oder einen Markt sperren, um Gesetze einzuhalten, Nutzer zu schützen oder den Dienst sicher zu halten.',
      ],
      [
        'Änderungen',
        'Diese Bedingungen können sich ändern; diese Seite zeigt stets die geltende Fassung. Wer den Dienst nach einer Änderung weiter nutzt, akzeptiert die neuen Bedingungen.',
      ],
    ],
  },
  'zh-CN': {
    title: '用户协议',
    intro: '您使用本交易所时适用本协议。这是 Quay 软件的默认文本：本站运营方尚未发布自己的协议。',
    sections: [
      [
        '您的账户',
        '您须在居住地达到法定成年年龄并提供真实信息。请勿向他人透露密码和验证码，并开启双重验证：您对账户内发生的一切操作负责。',
      ],
      [
        '交易风险',
        '加密资产价格波动迅速，您可能损失用于交易的全部资金。合约交易使用杠杆，盈利和亏损都会被放大。本站任何内容均不构成投资建议。',
      ],
      ['订单与费用', '订单一经成交即具有约束力。手续费在交易前显示，并按费率表收取。'],
      ['暂停服务', '为遵守法律、保护用户或维护服务安全，运营方可暂停某个账户或市场。'],
      ['变更', '本协议可能变更；本页始终显示现行文本。变更后继续使用服务，即表示您接受新的协议。'],
    ],
  },
  'zh-TW': {
    title: '使用條款',
    intro: '您使用本交易所時適用本條款。這是 Quay 軟體的預設文字：本站營運方尚未發布自己的條款。',
    sections: [
      [
        '您的帳戶',
        '您須在居住地達到法定成年年齡並提供真實資料。請勿向他人透露密碼與驗證碼，並開啟雙重驗證：您須為帳戶內發生的一切操作負責。',
      ],
      [
        '交易風險',
        '加密資產價格波動迅速，您可能損失用於交易的全部資金。合約交易使用槓桿，獲利與虧損都會被放大。本站任何內容均不構成投資建議。',
      ],
      ['委託與費用', '委託一經成交即具約束力。手續費在交易前顯示，並依費率表收取。'],
      ['暫停服務', '為遵守法律、保護用戶或維護服務安全，營運方得暫停某個帳戶或市場。'],
      ['變更', '本條款可能變更；本頁始終顯示現行文字。變更後繼續使用服務，即表示您接受新的條款。'],
    ],
  },
  pt: {
    title: 'Termos de uso',
    intro:
      'Estes termos se aplicam quando você usa esta exchange. São o texto padrão do software Quay: o operador deste site ainda não publicou termos próprios.',
    sections: [
      [
        'Sua conta',
        'Você precisa ser maior de idade segundo a lei do seu país e fornecer dados verdadeiros. Não compartilhe sua senha nem seus códigos de verificação e ative a autenticação em dois fatores: você é responsável pelo que for feito com sua conta.',
      ],
      [
        'Riscos da negociação',
        'Os preços de criptoativos mudam rápido e você pode perder tudo o que negocia. Futuros usam alavancagem, que multiplica tanto as perdas quanto os ganhos. Nada neste site é aconselhamento financeiro.',
      ],
      [
        'Ordens e taxas',
        'Uma ordem é vinculante depois de executada. As taxas são exibidas antes da negociação e cobradas conforme a tabela de taxas.',
      ],
      [
        'Suspensão',
        'O operador pode suspender uma conta ou um mercado para cumprir a lei, proteger os usuários ou manter o serviço seguro.',
      ],
      [
        'Alterações',
        'Estes termos podem mudar; esta página mostra sempre o texto em vigor. Ao continuar usando o serviço após uma alteração, você aceita os novos termos.',
      ],
    ],
  },
  id: {
    title: 'Ketentuan Penggunaan',
    intro:
      'Ketentuan ini berlaku saat Anda menggunakan bursa ini. Ini adalah teks bawaan perangkat lunak Quay: pengelola situs ini belum menerbitkan ketentuannya sendiri.',
    sections: [
      [
        'Akun Anda',
        'Anda harus cukup umur menurut hukum tempat tinggal Anda dan memberikan data yang benar. Jangan bagikan kata sandi dan kode verifikasi, lalu aktifkan autentikasi dua faktor: Anda bertanggung jawab atas semua yang dilakukan dengan akun Anda.',
      ],
      [
        'Risiko trading',
        'Harga aset kripto bergerak cepat dan Anda dapat kehilangan seluruh dana yang Anda perdagangkan. Futures memakai leverage yang melipatgandakan kerugian maupun keuntungan. Tidak ada isi situs ini yang merupakan nasihat keuangan.',
      ],
      [
        'Order dan biaya',
        'Order bersifat mengikat setelah tercocokkan. Biaya ditampilkan sebelum Anda bertransaksi dan dikenakan sesuai jadwal biaya.',
      ],
      [
        'Penangguhan',
        'Pengelola dapat menangguhkan akun atau pasar untuk mematuhi hukum, melindungi pengguna, atau menjaga keamanan layanan.',
      ],
      [
        'Perubahan',
        'Ketentuan ini dapat berubah; halaman ini selalu menampilkan teks yang berlaku. Dengan tetap memakai layanan setelah perubahan, Anda menerima ketentuan yang baru.',
      ],
    ],
  },
  th: {
    title: 'ข้อกำหนดการใช้งาน',
    intro:
      'ข้อกำหนดนี้ใช้บังคับเมื่อคุณใช้งานกระดานเทรดนี้ นี่คือข้อความเริ่มต้นของซอฟต์แวร์ Quay: ผู้ให้บริการเว็บไซต์นี้ยังไม่ได้เผยแพร่ข้อกำหนดของตนเอง',
    sections: [
      [
        'บัญชีของคุณ',
        'คุณต้องบรรลุนิติภาวะตามกฎหมายของถิ่นที่อยู่และให้ข้อมูลที่เป็นจริง อย่าบอกรหัสผ่านและรหัสยืนยันแก่ผู้อื่น และเปิดการยืนยันตัวตนสองขั้นตอน: คุณต้องรับผิดชอบต่อทุกสิ่งที่ทำผ่านบัญชีของคุณ',
      ],
      [
        'ความเสี่ยงในการเทรด',
        'ราคาสินทรัพย์คริปโตเปลี่ยนแปลงรวดเร็ว และคุณอาจสูญเสียเงินทั้งหมดที่ใช้เทรด ฟิวเจอร์สใช้เลเวอเรจซึ่งขยายทั้งกำไรและขาดทุน ไม่มีเนื้อหาใดในเว็บไซต์นี้เป็นคำแนะนำทางการเงิน',
      ],
      [
        'คำสั่งซื้อขายและค่าธรรมเนียม',
        'คำสั่งมีผลผูกพันเมื่อจับคู่สำเร็จ ค่าธรรมเนียมจะแสดงก่อนการเทรดและเรียกเก็บตามตารางค่าธรรมเนียม',
      ],
      ['การระงับ', 'ผู้ให้บริการอาจระงับบัญชีหรือตลาดเพื่อปฏิบัติตามกฎหมาย ปกป้องผู้ใช้ หรือรักษาความปลอดภัยของบริการ'],
      [
        'การเปลี่ยนแปลง',
        'ข้อกำหนดนี้อาจเปลี่ยนแปลงได้ หน้านี้แสดงฉบับปัจจุบันเสมอ การใช้บริการต่อหลังการเปลี่ยนแปลงถือว่าคุณยอมรับข้อกำหนดใหม่',
      ],
    ],
  },
  ko: {
    title: '이용약관',
    intro:
      '이 약관은 이 거래소를 이용할 때 적용됩니다. 이 문서는 Quay 소프트웨어의 기본 문구이며, 이 사이트의 운영자는 아직 자체 약관을 게시하지 않았습니다.',
    sections: [
      [
        '회원 계정',
        '거주 지역의 법률상 성년이어야 하며 정확한 정보를 제공해야 합니다. 비밀번호와 인증 코드는 다른 사람에게 알리지 말고 2단계 인증을 켜 두세요. 계정에서 이루어진 모든 행위의 책임은 회원에게 있습니다.',
      ],
      [
        '거래 위험',
        '가상자산 가격은 빠르게 변하며 거래에 사용한 자금 전부를 잃을 수 있습니다. 선물은 레버리지를 사용하므로 수익뿐 아니라 손실도 커집니다. 이 사이트의 어떤 내용도 투자 조언이 아닙니다.',
      ],
      [
        '주문과 수수료',
        '주문은 체결되는 순간 확정됩니다. 수수료는 거래 전에 표시되며 수수료표에 따라 부과됩니다.',
      ],
      [
        '이용 정지',
        '운영자는 법령 준수, 이용자 보호 또는 서비스 보안을 위해 계정이나 마켓을 정지할 수 있습니다.',
      ],
      [
        '약관 변경',
        '이 약관은 변경될 수 있으며 이 페이지에는 항상 현재 문구가 표시됩니다. 변경 후에도 서비스를 계속 이용하면 새 약관에 동의한 것으로 봅니다.',
      ],
    ],
  },
  pl: {
    title: 'Warunki korzystania',
    intro:
      'Te warunki obowiązują, gdy korzystasz z tej giełdy. To domyślny tekst oprogramowania Quay: operator tej strony nie opublikował jeszcze własnych warunków.',
    sections: [
      [
        'Twoje konto',
        'Musisz być pełnoletni według prawa miejsca zamieszkania i podać prawdziwe dane. Nie udostępniaj hasła ani kodów weryfikacyjnych i włącz uwierzytelnianie dwuskładnikowe: odpowiadasz za wszystko, co dzieje się na Twoim koncie.',
      ],
      [
        'Ryzyko handlu',
        'Ceny kryptoaktywów zmieniają się szybko i możesz stracić wszystkie środki, którymi handlujesz. Kontrakty futures korzystają z dźwigni, która zwielokrotnia zarówno straty, jak i zyski. Nic na tej stronie nie jest poradą finansową.',
      ],
      [
        'Zlecenia i opłaty',
        'Zlecenie jest wiążące po realizacji. Opłaty są pokazywane przed transakcją i pobierane zgodnie z tabelą opłat.',
      ],
      [
        'Zawieszenie',
        'Operator może zawiesić konto lub rynek, aby przestrzegać prawa, chronić użytkowników lub zapewnić bezpieczeństwo usługi.',
      ],
      [
        'Zmiany',
        'Warunki mogą się zmieniać; ta strona zawsze pokazuje obowiązującą wersję. Dalsze korzystanie z usługi po zmianie oznacza akceptację nowych warunków.',
      ],
    ],
  },
  uk: {
    title: 'Умови використання',
    intro:
      'Ці умови діють, коли ви користуєтеся цією біржею. Це типовий текст програми Quay: оператор сайту ще не опублікував власних умов.',
    sections: [
      [
        'Ваш обліковий запис',
        'Ви маєте бути повнолітнім за законом країни проживання й надавати правдиві дані. Нікому не повідомляйте пароль і коди підтвердження та увімкніть двофакторну автентифікацію: ви відповідаєте за все, що робиться з вашого облікового запису.',
      ],
      [
        'Ризики торгівлі',
        'Ціни криптоактивів змінюються швидко, і ви можете втратити всі кошти, якими торгуєте. Ф’ючерси використовують кредитне плече, яке збільшує і прибутки, і збитки. Ніщо на цьому сайті не є фінансовою порадою.',
      ],
      [
        'Ордери та комісії',
        'Ордер стає обов’язковим після виконання. Комісії показуються до угоди й стягуються згідно з тарифами.',
      ],
      [
        'Призупинення',
        'Оператор може призупинити обліковий запис або ринок, щоб виконати вимоги закону, захистити користувачів або зберегти безпеку сервісу.',
      ],
      [
        'Зміни',
        'Умови можуть змінюватися; ця сторінка завжди показує чинну редакцію. Продовжуючи користуватися сервісом після змін, ви приймаєте нові умови.',
      ],
    ],
  },
  uz: {
    title: 'Foydalanish shartlari',
    intro:
      'Ushbu shartlar siz bu birjadan foydalanganingizda amal qiladi. Bu Quay dasturining standart matni: sayt operatori hali o‘z shartlarini e’lon qilmagan.',
    sections: [
      [
        'Hisobingiz',
        'Yashash joyingiz qonunlariga ko‘ra voyaga yetgan bo‘lishingiz va to‘g‘ri ma’lumot berishingiz kerak. Parol va tasdiqlash kodlarini hech kimga bermang, ikki bosqichli autentifikatsiyani yoqing: hisobingizda qilingan har bir ish uchun o‘zingiz javobgarsiz.',
      ],
      [
        'Savdo xavfi',
        'Kripto-aktivlar narxi tez o‘zgaradi va savdoga qo‘ygan barcha mablag‘ingizni yo‘qotishingiz mumkin. Fyucherslar leverejdan foydalanadi, u foydani ham, zararni ham ko‘paytiradi. Saytdagi hech narsa moliyaviy maslahat emas.',
      ],
      [
        'Buyurtmalar va komissiyalar',
        'Buyurtma bajarilgach majburiy bo‘ladi. Komissiyalar savdodan oldin ko‘rsatiladi va komissiyalar jadvaliga ko‘ra olinadi.',
      ],
      [
        'To‘xtatish',
        'Operator qonunga rioya qilish, foydalanuvchilarni himoya qilish yoki xizmat xavfsizligini ta’minlash uchun hisob yoki bozorni to‘xtatishi mumkin.',
      ],
      [
        'O‘zgarishlar',
        'Bu shartlar o‘zgarishi mumkin; ushbu sahifa doim amaldagi matnni ko‘rsatadi. O‘zgarishdan keyin xizmatdan foydalanishda davom etsangiz, yangi shartlarni qabul qilgan bo‘lasiz.',
      ],
    ],
  },
  ar: {
    title: 'شروط الاستخدام',
    intro:
      'تسري هذه الشروط عند استخدامك لهذه المنصة. هذا هو النص الافتراضي لبرنامج Quay: لم ينشر مشغّل هذا الموقع شروطه الخاصة بعد.',
    sections: [
      [
        'حسابك',
        'يجب أن تكون قد بلغت السن القانونية في بلد إقامتك وأن تقدّم بيانات صحيحة. لا تشارك كلمة المرور ورموز التحقق مع أحد، وفعّل المصادقة الثنائية: أنت مسؤول عن كل ما يُجرى بحسابك.',
      ],
      [
        'مخاطر التداول',
        'تتغير أسعار الأصول المشفرة بسرعة وقد تخسر كل ما تتداول به. تستخدم العقود الآجلة الرافعة المالية التي تضاعف الخسائر كما تضاعف الأرباح. لا شيء في هذا الموقع يُعد نصيحة مالية.',
      ],
      [
        'الأوامر والرسوم',
        'يصبح الأمر ملزمًا بمجرد تنفيذه. تُعرض الرسوم قبل التداول وتُحتسب وفق جدول الرسوم.',
      ],
      [
        'الإيقاف',
        'يجوز للمشغّل إيقاف حساب أو سوق للامتثال للقانون أو لحماية المستخدمين أو للحفاظ على أمان الخدمة.',
      ],
      [
        'التغييرات',
        'قد تتغير هذه الشروط، وتعرض هذه الصفحة النص الساري دائمًا. استمرارك في استخدام الخدمة بعد أي تغيير يعني قبولك للشروط الجديدة.',
      ],
    ],
  },
  nl: NL_LEGAL.terms,
  sv: SV_LEGAL.terms,
};
