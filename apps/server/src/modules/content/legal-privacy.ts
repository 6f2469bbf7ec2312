/**
 * The Privacy Notice a new exchange shows until its operator publishes its
 * own, one text per message catalogue (every locale reads one of them).
 */
import type { Catalogue } from '@quay/core';
import { NL_LEGAL } from './legal-nl';
import { SV_LEGAL } from './legal-sv';
import type { LegalText } from './legal-text';

export const DEFAULT_PRIVACY: Record<Catalogue, LegalText> = {
  en: {
    title: 'Privacy Notice',
    intro:
      'This notice says which personal data this exchange keeps and why. It is the default text of the Quay software: the operator of this site has not published a notice of its own yet.',
    sections: [
      [
        'What is kept',
        'Your email address or mobile number, your password as a one-way hash, your orders, balances and transfers, and for each login its time, network address and browser.',
      ],
      [
        'Why',
        'To run your account and your trades, to keep them secure and to meet legal duties. Your data is not sold.',
      ],
      [
        'Cookies',
        'Cookies hold your session, language, currency and theme, and a device token that protects logins. There are no advertising cookies.',
      ],
      [
        'Your rights',
        'You may ask the operator of this site to show, correct or delete your data, as far as the law allows it to be deleted.',
      ],
    ],
  },
  ja: {
    title: 'プライバシーポリシー',
    intro:
      '本通知は、本取引所が保管する個人データとその目的を説明します。これは Quay ソフトウェアの既定の文面であり、本サイトの運営者はまだ独自の通知を公開していません。',
    sections: [
      [
        '保管する情報',
        'メールアドレスまたは携帯電話番号、一方向ハッシュ化したパスワード、注文・残高・送金の記録、そしてログインごとの日時、ネットワークアドレス、ブラウザ。',
      ],
      [
        '目的',
        'アカウントと取引を運用し、その安全を守り、法的義務を果たすためです。データを販売することはありません。',
      ],
      [
        'Cookie',
        'Cookie には、セッション、言語、通貨、テーマ、およびログインを保護するデバイストークンが保存されます。広告用の Cookie はありません。',
      ],
      [
        'お客様の権利',
        '本サイトの運営者に対し、データの開示、訂正、および法令で認められる範囲での削除を求めることができます。',
      ],
    ],
  },
  vi: {
    title: 'Thông báo quyền riêng tư',
    intro:
      'Thông báo này cho biết sàn giao dịch lưu giữ những dữ liệu cá nhân nào và vì sao. Đây là văn bản mặc định của phần mềm Quay: đơn vị vận hành trang này chưa công bố thông báo riêng.',
    sections: [
      [
        'Dữ liệu được lưu',
        'Địa chỉ email hoặc số điện thoại, mật khẩu dưới dạng băm một chiều, lệnh, số dư và giao dịch chuyển tiền của bạn, cùng thời gian, địa chỉ mạng và trình duyệt của mỗi lần đăng nhập.',
      ],
      [
        'Mục đích',
        'Để vận hành tài khoản và giao dịch của bạn, giữ chúng an toàn và thực hiện nghĩa vụ pháp lý. Dữ liệu của bạn không bị bán.',
      ],
      [
        'Cookie',
        'Cookie lưu phiên đăng nhập, ngôn ngữ, tiền tệ, giao diện và mã thiết bị bảo vệ việc đăng nhập. Không có cookie quảng cáo.',
      ],
      [
        'Quyền của bạn',
        'Bạn có thể yêu cầu đơn vị vận hành trang này cho xem, sửa hoặc xóa dữ liệu của bạn, trong phạm vi pháp luật cho phép xóa.',
      ],
    ],
  },
  ru: {
    title: 'Политика конфиденциальности',
    intro:
      'Здесь сказано, какие персональные данные хранит эта биржа и зачем. Это текст программы Quay по умолчанию: оператор сайта ещё не опубликовал собственное уведомление.',
    sections: [
      [
        'Что хранится',
        'Адрес электронной почты или номер телефона, пароль в виде необратимого хеша, ваши ордера, балансы и переводы, а для каждого входа — время, сетевой адрес и браузер.',
      ],
      [
        'Зачем',
        'Чтобы вести ваш аккаунт и сделки, защищать их и выполнять требования закона. Ваши данные не продаются.',
      ],
      [
        'Cookie',
        'В cookie хранятся сессия, язык, валюта, тема и токен устройства, защищающий вход. Рекламных cookie нет.',
      ],
      [
        'Ваши права',
        'Вы можете попросить оператора сайта показать, исправить или удалить ваши данные в той мере, в какой закон допускает удаление.',
      ],
    ],
  },
  es: {
    title: 'Aviso de privacidad',
    intro:
      'Este aviso indica qué datos personales guarda este exchange y por qué. Es el texto predeterminado del software Quay: el operador de este sitio aún no ha publicado un aviso propio.',
    sections: [
      [
        'Qué se guarda',
        'Tu correo electrónico o número de móvil, tu contraseña como hash irreversible, tus órdenes, saldos y transferencias y, de cada inicio de sesión, la hora, la dirección de red y el navegador.',
      ],
      [
        'Para qué',
        'Para gestionar tu cuenta y tus operaciones, mantenerlas seguras y cumplir obligaciones legales. Tus datos no se venden.',
      ],
      [
        'Cookies',
        'Las cookies guardan tu sesión, idioma, moneda y tema, y un token de dispositivo que protege los inicios de sesión. No hay cookies publicitarias.',
      ],
      [
        'Tus derechos',
        'Puedes pedir al operador de este sitio que te muestre, corrija o elimine tus datos, en la medida en que la ley permita eliminarlos.',
      ],
    ],
  },
  tr: {
    title: 'Gizlilik Bildirimi',
    intro:
      'Bu bildirim, bu borsanın hangi kişisel verileri neden sakladığını açıklar. Bu, Quay yazılımının varsayılan metnidir: bu sitenin işletmecisi henüz kendi bildirimini yayımlamamıştır.',
    sections: [
      [
        'Saklananlar',
        'E-posta adresiniz veya cep telefonu numaranız, tek yönlü özet olarak şifreniz, emirleriniz, bakiyeleriniz ve transferleriniz; her giriş için zaman, ağ adresi ve tarayıcı.',
      ],
      [
        'Neden',
        'Hesabınızı ve işlemlerinizi yürütmek, bunları güvende tutmak ve yasal yükümlülükleri yerine getirmek için. Verileriniz satılmaz.',
      ],
      [
        'Çerezler',
        'Çerezler oturumunuzu, dilinizi, para biriminizi, temanızı ve girişleri koruyan cihaz belirtecini saklar. Reklam çerezi yoktur.',
      ],
      [
        'Haklarınız',
        'Bu sitenin işletmecisinden verilerinizi göstermesini, düzeltmesini veya yasanın izin verdiği ölçüde silmesini isteyebilirsiniz.',
      ],
    ],
  },
  it: {
    title: 'Informativa sulla privacy',
    intro:
      "Questa informativa indica quali dati personali conserva questo exchange e perché. È il testo predefinito del software Quay: il gestore di questo sito non ha ancora pubblicato un'informativa propria.",
    sections: [
      [
        'Cosa viene conservato',
        "Il tuo indirizzo email o numero di cellulare, la password come hash irreversibile, i tuoi ordini, saldi e trasferimenti e, per ogni accesso, l'ora, l'indirizzo di rete e il browser.",
      ],
      [
        'Perché',
        'Per gestire il tuo account e le tue operazioni, mantenerli sicuri e rispettare gli obblighi di legge. I tuoi dati non vengono venduti.',
      ],
      [
        'Cookie',
        'I cookie conservano la sessione, la lingua, la valuta, il tema e un token del dispositivo che protegge gli accessi. Non ci sono cookie pubblicitari.',
      ],
      [
        'I tuoi diritti',
        'Puoi chiedere al gestore di questo sito di mostrarti, correggere o cancellare i tuoi dati, nei limiti in cui la legge ne consente la cancellazione.',
      ],
    ],
  },
  fr: {
    title: 'Politique de confidentialité',
    intro:
      "Cette politique indique quelles données personnelles cette plateforme conserve et pourquoi. Il s'agit du texte par défaut du logiciel Quay : l'exploitant de ce site n'a pas encore publié sa propre politique.",
    sections: [
      [
        'Ce qui est conservé',
        "Votre adresse e-mail ou numéro de mobile, votre mot de passe sous forme d'empreinte irréversible, vos ordres, soldes et transferts et, pour chaque connexion, l'heure, l'adresse réseau et le navigateur.",
      ],
      [
        'Pourquoi',
        'Pour gérer votre compte et vos transactions, les sécuriser et respecter nos obligations légales. Vos données ne sont pas vendues.',
      ],
      [
        'Cookies',
        "Les cookies conservent votre session, votre langue, votre devise et votre thème, ainsi qu'un jeton d'appareil qui protège les connexions. Aucun cookie publicitaire.",
      ],
      [
        'Vos droits',
        "Vous pouvez demander à l'exploitant de ce site de vous montrer, corriger ou supprimer vos données, dans la mesure où la loi en permet la suppression.",
      ],
    ],
  },
  de: {
    title: 'Datenschutzhinweis',
    intro:
      'Dieser Hinweis sagt, welche personenbezogenen Daten diese Börse speichert und warum. Es ist der Standardtext der Quay-Software: Der Betreiber dieser Website hat noch keinen eigenen Hinweis veröffentlicht.',
    sections: [
      [
        'Was gespeichert wird',
        'Ihre E-Mail-Adresse oder Mobilnummer, Ihr Passwort als Einweg-Hash, Ihre Aufträge, Guthaben und Überweisungen sowie zu jeder Anmeldung Zeit, Netzwerkadresse und Browser.',
      ],
      [
        'Wozu',
        'Um Ihr Konto und Ihre Geschäfte zu führen, sie zu schützen und gesetzliche Pflichten zu erfüllen. Ihre Daten werden nicht verkauft.',
      ],
      [
        'Cookies',
        'Cookies speichern Ihre Sitzung, Sprache, Währung und Ihr Design sowie ein Geräte-Token, das Anmeldungen schützt. Werbe-Cookies gibt es nicht.',
      ],
      [
        'Ihre Rechte',
        'Sie können den Betreiber dieser Website bitten, Ihnen Ihre Daten zu zeigen, sie zu berichtigen oder zu löschen, soweit das Gesetz die Löschung erlaubt.',
      ],
    ],
  },
  'zh-CN': {
    title: '隐私政策',
    intro:
      '本声明说明本交易所保存哪些个人数据及其原因。这是 Quay 软件的默认文本：本站运营方尚未发布自己的声明。',
    sections: [
      [
        '保存的信息',
        '您的邮箱或手机号、经单向哈希处理的密码、您的订单、余额和转账记录，以及每次登录的时间、网络地址和浏览器。',
      ],
      ['用途', '用于运营您的账户和交易、保障其安全并履行法律义务。您的数据不会被出售。'],
      [
        'Cookie',
        'Cookie 用于保存您的会话、语言、币种、主题以及保护登录的设备令牌。不使用广告 Cookie。',
      ],
      ['您的权利', '您可以要求本站运营方向您展示、更正或在法律允许的范围内删除您的数据。'],
    ],
  },
  'zh-TW': {
    title: '隱私權政策',
    intro:
      '本聲明說明本交易所保存哪些個人資料及其原因。這是 Quay 軟體的預設文字：本站營運方尚未發布自己的聲明。',
    sections: [
      [
        '保存的資料',
        '您的電子郵件或手機號碼、經單向雜湊處理的密碼、您的委託、餘額與轉帳紀錄，以及每次登入的時間、網路位址與瀏覽器。',
      ],
      ['用途', '用於營運您的帳戶與交易、保障其安全並履行法律義務。您的資料不會被出售。'],
      [
        'Cookie',
        'Cookie 用於保存您的工作階段、語言、幣別、主題，以及保護登入的裝置權杖。不使用廣告 Cookie。',
      ],
      ['您的權利', '您可以要求本站營運方向您提供、更正或在法律允許的範圍內刪除您的資料。'],
    ],
  },
  pt: {
    title: 'Aviso de privacidade',
    intro:
      'Este aviso diz quais dados pessoais esta exchange guarda e por quê. É o texto padrão do software Quay: o operador deste site ainda não publicou um aviso próprio.',
    sections: [
      [
        'O que é guardado',
        'Seu e-mail ou número de celular, sua senha como hash irreversível, suas ordens, saldos e transferências e, de cada login, o horário, o endereço de rede e o navegador.',
      ],
      [
        'Por quê',
        'Para operar sua conta e suas negociações, mantê-las seguras e cumprir obrigações legais. Seus dados não são vendidos.',
      ],
      [
        'Cookies',
        'Os cookies guardam sua sessão, idioma, moeda e tema, além de um token do dispositivo que protege os logins. Não há cookies de publicidade.',
      ],
      [
        'Seus direitos',
        'Você pode pedir ao operador deste site que mostre, corrija ou apague seus dados, na medida em que a lei permita apagá-los.',
      ],
    ],
  },
  id: {
    title: 'Pemberitahuan Privasi',
    intro:
      'Pemberitahuan ini menjelaskan data pribadi apa yang disimpan bursa ini dan alasannya. Ini adalah teks bawaan perangkat lunak Quay: pengelola situs ini belum menerbitkan pemberitahuannya sendiri.',
    sections: [
      [
        'Yang disimpan',
        'Alamat email atau nomor ponsel Anda, kata sandi dalam bentuk hash satu arah, order, saldo, dan transfer Anda, serta waktu, alamat jaringan, dan peramban setiap login.',
      ],
      [
        'Alasannya',
        'Untuk menjalankan akun dan transaksi Anda, menjaga keamanannya, dan memenuhi kewajiban hukum. Data Anda tidak dijual.',
      ],
      [
        'Cookie',
        'Cookie menyimpan sesi, bahasa, mata uang, dan tema Anda, serta token perangkat yang melindungi login. Tidak ada cookie iklan.',
      ],
      [
        'Hak Anda',
        'Anda dapat meminta pengelola situs ini untuk menunjukkan, memperbaiki, atau menghapus data Anda, sejauh hukum mengizinkan penghapusannya.',
      ],
    ],
  },
  th: {
    title: 'ประกาศความเป็นส่วนตัว',
    intro:
      'ประกาศนี้ระบุว่ากระดานเทรดนี้เก็บข้อมูลส่วนบุคคลใดและเพราะเหตุใด นี่คือข้อความเริ่มต้นของซอฟต์แวร์ Quay: ผู้ให้บริการเว็บไซต์นี้ยังไม่ได้เผยแพร่ประกาศของตนเอง',
    sections: [
      [
        'ข้อมูลที่เก็บ',
        'อีเมลหรือหมายเลขโทรศัพท์ รหัสผ่านในรูปแฮชทางเดียว คำสั่งซื้อขาย ยอดคงเหลือ และการโอนของคุณ รวมถึงเวลา ที่อยู่เครือข่าย และเบราว์เซอร์ของการเข้าสู่ระบบแต่ละครั้ง',
      ],
      [
        'วัตถุประสงค์',
        'เพื่อดำเนินการบัญชีและการเทรดของคุณ รักษาความปลอดภัย และปฏิบัติตามหน้าที่ทางกฎหมาย ข้อมูลของคุณจะไม่ถูกขาย',
      ],
      ['คุกกี้', 'คุกกี้เก็บเซสชัน ภาษา สกุลเงิน ธีม และโทเค็นอุปกรณ์ที่ปกป้องการเข้าสู่ระบบ ไม่มีคุกกี้โฆษณา'],
      ['สิทธิของคุณ', 'คุณขอให้ผู้ให้บริการเว็บไซต์นี้แสดง แก้ไข หรือลบข้อมูลของคุณได้ เท่าที่กฎหมายอนุญาตให้ลบ'],
    ],
  },
  ko: {
    title: '개인정보 처리방침',
    intro:
      '이 방침은 이 거래소가 어떤 개인정보를 왜 보관하는지 설명합니다. 이 문서는 Quay 소프트웨어의 기본 문구이며, 이 사이트의 운영자는 아직 자체 방침을 게시하지 않았습니다.',
    sections: [
      [
        '보관하는 정보',
        '이메일 주소 또는 휴대폰 번호, 단방향 해시로 저장한 비밀번호, 주문·잔고·이체 내역, 그리고 로그인마다 그 시각, 네트워크 주소와 브라우저.',
      ],
      [
        '보관하는 이유',
        '계정과 거래를 운영하고 안전하게 지키며 법적 의무를 다하기 위해서입니다. 회원의 정보는 판매되지 않습니다.',
      ],
      [
        '쿠키',
        '쿠키에는 세션, 언어, 통화, 테마와 로그인을 보호하는 기기 토큰이 저장됩니다. 광고 쿠키는 없습니다.',
      ],
      [
        '회원의 권리',
        '이 사이트의 운영자에게 본인 정보의 열람, 정정 또는 법이 허용하는 범위에서의 삭제를 요청할 수 있습니다.',
      ],
    ],
  },
  pl: {
    title: 'Informacja o prywatności',
    intro:
      'Ta informacja mówi, jakie dane osobowe przechowuje ta giełda i dlaczego. To domyślny tekst oprogramowania Quay: operator tej strony nie opublikował jeszcze własnej informacji.',
    sections: [
      [
        'Co jest przechowywane',
        'Twój adres e-mail lub numer telefonu, hasło w postaci jednokierunkowego skrótu, Twoje zlecenia, salda i przelewy, a dla każdego logowania czas, adres sieciowy i przeglądarka.',
      ],
      [
        'Po co',
        'Aby prowadzić Twoje konto i transakcje, chronić je i wypełniać obowiązki prawne. Twoje dane nie są sprzedawane.',
      ],
      [
        'Pliki cookie',
        'Pliki cookie przechowują sesję, język, walutę i motyw oraz token urządzenia chroniący logowanie. Nie ma reklamowych plików cookie.',
      ],
      [
        'Twoje prawa',
        'Możesz poprosić operatora tej strony o pokazanie, poprawienie lub usunięcie Twoich danych w zakresie, w jakim prawo pozwala je usunąć.',
      ],
    ],
  },
  uk: {
    title: 'Політика конфіденційності',
    intro:
      'Тут сказано, які персональні дані зберігає ця біржа і навіщо. Це типовий текст програми Quay: оператор сайту ще не опублікував власного повідомлення.',
    sections: [
      [
        'Що зберігається',
        'Адреса електронної пошти або номер телефону, пароль у вигляді незворотного хешу, ваші ордери, баланси й перекази, а для кожного входу — час, мережева адреса та браузер.',
      ],
      [
        'Навіщо',
        'Щоб вести ваш обліковий запис і угоди, захищати їх і виконувати вимоги закону. Ваші дані не продаються.',
      ],
      [
        'Cookie',
        'У cookie зберігаються сесія, мова, валюта, тема й токен пристрою, що захищає вхід. Рекламних cookie немає.',
      ],
      [
        'Ваші права',
        'Ви можете попросити оператора сайту показати, виправити або видалити ваші дані в межах, у яких закон дозволяє видалення.',
      ],
    ],
  },
  uz: {
    title: 'Maxfiylik bildirishnomasi',
    intro:
      'Ushbu bildirishnoma bu birja qaysi shaxsiy ma’lumotlarni va nima uchun saqlashini aytadi. Bu Quay dasturining standart matni: sayt operatori hali o‘z bildirishnomasini e’lon qilmagan.',
    sections: [
      [
        'Nima saqlanadi',
        'Elektron pochta manzilingiz yoki telefon raqamingiz, bir tomonlama xesh ko‘rinishidagi parolingiz, buyurtmalaringiz, balanslaringiz va o‘tkazmalaringiz, har bir kirish uchun esa vaqt, tarmoq manzili va brauzer.',
      ],
      [
        'Nima uchun',
        'Hisobingiz va savdolaringizni yuritish, ularni himoya qilish va qonuniy majburiyatlarni bajarish uchun. Ma’lumotlaringiz sotilmaydi.',
      ],
      [
        'Cookie fayllari',
        'Cookie fayllarida sessiya, til, valyuta, mavzu va kirishni himoya qiluvchi qurilma tokeni saqlanadi. Reklama cookie fayllari yo‘q.',
      ],
      [
        'Huquqlaringiz',
        'Sayt operatoridan ma’lumotlaringizni ko‘rsatish, tuzatish yoki qonun ruxsat bergan darajada o‘chirishni so‘rashingiz mumkin.',
      ],
    ],
  },
  ar: {
    title: 'إشعار الخصوصية',
    intro:
      'يوضح هذا الإشعار البيانات الشخصية التي تحتفظ بها هذه المنصة وسبب ذلك. هذا هو النص الافتراضي لبرنامج Quay: لم ينشر مشغّل هذا الموقع إشعاره الخاص بعد.',
    sections: [
      [
        'ما يُحفظ',
        'بريدك الإلكتروني أو رقم هاتفك، وكلمة المرور بصيغة تجزئة أحادية الاتجاه، وأوامرك وأرصدتك وتحويلاتك، ولكل تسجيل دخول وقته وعنوان الشبكة والمتصفح.',
      ],
      ['لماذا', 'لتشغيل حسابك وصفقاتك وحمايتهما والوفاء بالالتزامات القانونية. لا تُباع بياناتك.'],
      [
        'ملفات تعريف الارتباط',
        'تحفظ ملفات تعريف الارتباط جلستك ولغتك وعملتك ومظهرك، ورمز جهاز يحمي تسجيلات الدخول. لا توجد ملفات تعريف ارتباط إعلانية.',
      ],
      [
        'حقوقك',
        'يمكنك أن تطلب من مشغّل هذا الموقع عرض بياناتك أو تصحيحها أو حذفها بالقدر الذي يسمح به القانون.',
      ],
    ],
  },
  nl: NL_LEGAL.privacy,
  sv: SV_LEGAL.privacy,
};
