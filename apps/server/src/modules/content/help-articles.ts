/**
 * The help centre a new exchange starts with, in English, in the order the
 * centre lists them. The operator replaces or translates an article, or adds
 * one, with a file under DATA_DIR/content/help (see site-pages.ts).
 */
export interface HelpArticleText {
  slug: string;
  title: string;
  bodyHtml: string;
}

export const DEFAULT_HELP_ARTICLES: readonly HelpArticleText[] = [
  {
    slug: 'deposits',
    title: 'How to deposit crypto',
    bodyHtml: `<p>Deposits arrive in your spot account, from where you can trade or move them to futures.</p>
<ol><li>Log in and open <a href="/asset/spot">Assets → Spot</a>.</li><li>Choose <strong>Deposit</strong> beside the coin you want to send.</li><li>Copy the deposit address, or scan its QR code, and send the coin from your wallet <strong>on the network shown</strong>.</li></ol>
<h3>When will it arrive?</h3>
<p>The exchange credits a deposit once the network has confirmed it. You see it under <a href="/transac">Records → Deposits</a> and in your balance.</p>
<blockquote>Send only the coin named on the deposit screen, on its network. Coins sent on another network or to a mistyped address cannot be recovered.</blockquote>`,
  },
  {
    slug: 'withdrawals',
    title: 'How to withdraw crypto',
    bodyHtml: `<p>You can withdraw any coin you hold in your spot account to an address of your own.</p>
<ol><li>Open <a href="/asset/spot">Assets → Spot</a> and choose <strong>Withdraw</strong> beside the coin.</li><li>Paste the destination address, pick the network and enter the amount.</li><li>Confirm with the verification codes the form asks for.</li></ol>
<h3>What happens next</h3>
<p>The amount is frozen in your account while the withdrawal is reviewed, and it is sent once approved. You can cancel it while it is still pending, under <a href="/transac">Records → Withdrawals</a>.</p>
<p>Check the address twice: a withdrawal that has been sent cannot be reversed.</p>`,
  },
  {
    slug: 'spot-orders',
    title: 'Placing spot orders: limit, market and trigger',
    bodyHtml: `<p>On the spot page of a market (for example <a href="/spot/BTCUSDT">BTC/USDT</a>) the order form offers three kinds of order.</p>
<ul><li><strong>Limit</strong>: you set the price. A buy fills at that price or lower, a sell at that price or higher; what does not fill at once waits in the order book.</li><li><strong>Market</strong>: fills at once against the best prices in the book. Use it when speed matters more than the exact price.</li><li><strong>Trigger</strong>: a limit or market order that is placed only when the last price reaches the trigger price you set, for example to stop a loss.</li></ul>
<p>The percentage slider fills in a share of your available balance. Open orders are listed under the chart, where you can cancel them; filled ones move to <a href="/record/exchange">order history</a>.</p>
<h3>Fees</h3>
<p>An order that waits in the book and is filled later pays the maker fee, one that fills at once the taker fee. See the fee schedule in the announcements.</p>`,
  },
  {
    slug: 'futures-basics',
    title: 'USDT-margined futures: the basics',
    bodyHtml: `<p>Perpetual futures let you trade a coin's price, long or short, with leverage and without an expiry date. Margin and profit are in USDT.</p>
<ul><li><strong>Leverage</strong> multiplies your exposure: at 10x, 100 USDT of margin holds a 1,000 USDT position, and a 1% move against you costs 10% of your margin.</li><li><strong>Cross margin</strong> shares your whole futures balance between positions; <strong>isolated margin</strong> risks only the margin of that one position.</li><li><strong>Mark price</strong>, not the last trade, decides unrealised profit and liquidation, so that a brief spike cannot liquidate you.</li><li><strong>Funding</strong> is paid between longs and shorts every eight hours, keeping the contract close to the spot price.</li></ul>
<h3>Liquidation</h3>
<p>When your margin falls to the maintenance margin, the position is closed by the exchange. Set a stop-loss and keep leverage modest.</p>
<p>To start, move USDT from spot to futures under <a href="/asset/futures">Assets → Futures</a>, then open <a href="/futures/usdt/BTCUSDT">BTC/USDT perpetual</a>.</p>`,
  },
  {
    slug: 'demo-mode',
    title: 'Practise with demo mode',
    bodyHtml: `<p>Demo mode lets you trade spot and futures with play money on live markets, without risking your own funds.</p>
<ol><li>Log in and switch on <strong>Demo trading</strong> from the header.</li><li>Your demo account starts with 50,000 SUSDT. Demo coins start with an S (SUSDT, SBTC) and have no value.</li><li>Trade as usual; a banner reminds you that you are in demo mode.</li></ol>
<p>Demo coins can be neither deposited nor withdrawn. You can reset your demo account at any time to start again with a fresh balance. Switch demo mode off to return to your real account.</p>`,
  },
  {
    slug: 'security-2fa',
    title: 'Securing your account with two-factor authentication',
    bodyHtml: `<p>Two-factor authentication (2FA) asks for a second code after your password, so that a stolen password alone cannot open your account.</p>
<ol><li>Open <a href="/account/setting">Account settings</a> and follow the link to <strong>two-factor authentication</strong>.</li><li>Turn on <strong>Google Authenticator</strong>: scan the QR code with an authenticator app and enter the six-digit code it shows.</li><li>You can also require a code sent to your email or mobile at each login.</li></ol>
<h3>Good habits</h3>
<ul><li>Never share a verification code, even with someone who says they work for the exchange.</li><li>Check the address bar before you log in, and bookmark the site.</li><li>Review your login history in the account settings and change your password if you see a login you do not recognise.</li></ul>`,
  },
];
