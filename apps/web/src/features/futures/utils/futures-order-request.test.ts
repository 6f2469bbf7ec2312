import { describe, expect, it } from 'vitest';
import { orderFormReducer } from '../hooks/use-order-form-state';
import {
  futuresOrderRequest,
  INITIAL_ORDER_FORM,
  type OrderFormState,
} from './futures-order-request';

const SYMBOL = 'BTCUSDT_PERP';
const form = (patch: Partial<OrderFormState>): OrderFormState => ({
  ...INITIAL_ORDER_FORM,
  quantity: '0.01',
  ...patch,
});

describe('the order the futures form sends', () => {
  it('is a limit order with its time in force, TP/SL at entry only when opening', () => {
    const opening = form({ price: '60000', withTpSl: true, tp: '61000', sl: 'x' });
    expect(futuresOrderRequest(opening, 'buy', SYMBOL, false)).toEqual({
      to: 'order',
      body: {
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        price: '60000',
        timeInForce: 'GTC',
        quantity: '0.01',
        takeProfitPrice: '61000',
      },
    });
    const closing = futuresOrderRequest({ ...opening, tab: 'close' }, 'sell', SYMBOL, false);
    expect(closing.body).not.toHaveProperty('takeProfitPrice');
    expect(closing.body).toMatchObject({ reduceOnly: true });
  });

  it('names the position side in hedge mode (buying closes a short) and is never reduce-only there', () => {
    const market = form({ kind: 'market', reduceOnly: true });
    expect(futuresOrderRequest(market, 'buy', SYMBOL, true).body).toMatchObject({
      positionSide: 1,
    });
    const close = futuresOrderRequest({ ...market, tab: 'close' }, 'buy', SYMBOL, true).body;
    expect(close).toMatchObject({ positionSide: 2 });
    expect(close).not.toHaveProperty('reduceOnly');
  });

  it('sends a trigger order as a plan, at market without an execution price', () => {
    const trigger = form({ kind: 'trigger', triggerPrice: '59000', triggerBy: 'last' });
    expect(futuresOrderRequest(trigger, 'sell', SYMBOL, false)).toEqual({
      to: 'plan',
      body: {
        symbol: SYMBOL,
        side: 'sell',
        triggerPrice: '59000',
        triggerBy: 'last',
        type: 'market',
        quantity: '0.01',
      },
    });
    expect(
      futuresOrderRequest({ ...trigger, price: '58900' }, 'sell', SYMBOL, false).body,
    ).toMatchObject({ type: 'limit', price: '58900' });
  });

  it('sends a trailing stop as a plan, with its activation price only when one is given', () => {
    const trailing = form({ kind: 'trailing', callbackRate: '2', activationPrice: '.' });
    const { to, body } = futuresOrderRequest(trailing, 'sell', SYMBOL, false);
    expect(to).toBe('plan');
    expect(body).toMatchObject({ kind: 'trailing', callbackRate: '2', type: 'market' });
    expect(body).not.toHaveProperty('activationPrice');
  });
});

describe('the order form state', () => {
  it('starts the amount afresh on a new tab, and a typed quantity leaves the slider at zero', () => {
    const slid = orderFormReducer(INITIAL_ORDER_FORM, {
      type: 'percent',
      percent: 50,
      quantity: '0.5',
    });
    expect(orderFormReducer(slid, { type: 'tab', tab: 'close' })).toMatchObject({
      tab: 'close',
      quantity: '',
      percent: 0,
    });
    expect(orderFormReducer(slid, { type: 'quantity', quantity: '0.2' })).toMatchObject({
      quantity: '0.2',
      percent: 0,
    });
  });

  it('turns a price picked in the book into a limit order at it', () => {
    const market = { ...INITIAL_ORDER_FORM, kind: 'market' as const };
    expect(orderFormReducer(market, { type: 'picked', price: '60001.5' })).toMatchObject({
      kind: 'limit',
      price: '60001.5',
    });
  });
});
