import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { Button } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDrawer } from './app-drawer';
import { AppTooltip } from './app-tooltip';
import { BoundedCheckboxGroup } from './bounded-checkbox-group';
import { useFeedback, type Feedback } from './feedback';
import { TestProviders } from './test-providers';
import { setViewportWidth } from './test-viewport';
import { useDebouncedCallback, useDebouncedValue } from './use-debounced';

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('feedback', () => {
  function renderFeedback(): { current: Feedback } {
    const holder: { current?: Feedback } = {};
    function Probe() {
      holder.current = useFeedback();
      return null;
    }
    render(
      <TestProviders>
        <Probe />
      </TestProviders>,
    );
    if (!holder.current) throw new Error('no feedback');
    return holder as { current: Feedback };
  }

  it('shows a question toast as an info toast with a question mark', async () => {
    const feedback = renderFeedback();
    await act(async () => feedback.current.message.question('Keep the order?'));
    const notice = await screen.findByText('Keep the order?');
    const toast = notice.closest('.ant-message-notice');
    expect(toast?.querySelector('[aria-label="question-circle"]')).not.toBeNull();
    expect(toast?.querySelector('.ant-message-info')).not.toBeNull();
  });

  it('closes the open notifications on Escape', async () => {
    const feedback = renderFeedback();
    await act(async () => feedback.current.notify.success({ title: 'Order filled' }));
    await screen.findByText('Order filled');
    await act(async () => void fireEvent.keyDown(document, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByText('Order filled')).toBeNull());
  });
});

describe('AppDrawer', () => {
  function Harness({ direction }: { direction?: 'ltr' | 'rtl' | 'ttb' | 'btt' }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button data-testid="opener" onClick={() => setOpen(true)}>
          open
        </Button>
        <AppDrawer
          open={open}
          onClose={() => setOpen(false)}
          direction={direction}
          testId="drawer"
          title="Filters"
        >
          <input data-testid="inside" />
        </AppDrawer>
      </>
    );
  }
  const drawer = () => document.querySelector<HTMLElement>('.ant-drawer');

  it('opens from the right at 30% and closes on Escape, giving focus back to its opener', async () => {
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    const opener = screen.getByTestId('opener');
    opener.focus();
    await act(async () => void fireEvent.click(opener));
    expect(drawer()?.className).toContain('ant-drawer-right');
    // The user works inside the drawer, so focus has left the opener.
    act(() => screen.getByTestId('inside').focus());
    expect(document.activeElement).toBe(screen.getByTestId('inside'));
    expect(document.querySelector<HTMLElement>('.ant-drawer-content-wrapper')?.style.width).toBe(
      '30%',
    );
    const panel =
      document.querySelector('.ant-drawer-section') ??
      document.querySelector('.ant-drawer-content');
    await act(async () => void fireEvent.keyDown(panel ?? document.body, { key: 'Escape' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on a backdrop click', async () => {
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('opener')));
    const mask = document.querySelector('.ant-drawer-mask');
    if (!mask) throw new Error('no backdrop');
    await act(async () => void fireEvent.click(mask));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('opens from the left under a right-to-left document, and from the top for ttb', async () => {
    render(
      <TestProviders direction="rtl">
        <Harness />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('opener')));
    expect(drawer()?.className).toContain('ant-drawer-left');
    cleanup();
    render(
      <TestProviders>
        <Harness direction="ttb" />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('opener')));
    expect(drawer()?.className).toContain('ant-drawer-top');
  });
});

describe('AppTooltip', () => {
  it('opens at once, stays 200 ms after the pointer leaves, and is at most 300 px wide', async () => {
    vi.useFakeTimers();
    render(
      <TestProviders>
        <AppTooltip title="Mark price">
          <span data-testid="anchor">?</span>
        </AppTooltip>
      </TestProviders>,
    );
    const anchor = screen.getByTestId('anchor');
    await act(async () => {
      fireEvent.mouseEnter(anchor);
      await vi.advanceTimersByTimeAsync(0);
    });
    const tip = document.querySelector<HTMLElement>('.ant-tooltip-container');
    expect(tip?.textContent).toBe('Mark price');
    expect(tip?.style.maxWidth).toBe('300px');
    await act(async () => {
      fireEvent.mouseLeave(anchor);
      await vi.advanceTimersByTimeAsync(150);
    });
    expect(document.querySelector('.ant-tooltip-hidden')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(100)));
    expect(document.querySelector('.ant-tooltip')?.className).toMatch(/hidden|leave/);
  });
});

describe('debouncing', () => {
  it('calls once, 300 ms after the last call, with the last arguments', () => {
    vi.useFakeTimers();
    const spy = vi.fn<(q: string) => void>();
    const { result, unmount } = renderHook(() => useDebouncedCallback(spy));
    result.current('b');
    vi.advanceTimersByTime(200);
    result.current('bt');
    vi.advanceTimersByTime(299);
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(spy).toHaveBeenCalledExactlyOnceWith('bt');
    result.current('btc');
    unmount();
    vi.advanceTimersByTime(1000);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('settles a value once it stops changing', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v), {
      initialProps: { v: 'a' },
    });
    rerender({ v: 'ab' });
    act(() => void vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });
});

describe('BoundedCheckboxGroup', () => {
  function Harness() {
    const [value, setValue] = useState<string[]>(['spot']);
    return (
      <BoundedCheckboxGroup
        value={value}
        onChange={setValue}
        min={1}
        max={2}
        options={['spot', 'margin', 'futures'].map((v) => ({ label: v, value: v }))}
      />
    );
  }
  const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

  it('refuses to uncheck the last box or check a third', async () => {
    render(<Harness />);
    await act(async () => void fireEvent.click(box('spot')));
    expect(box('spot').checked).toBe(true);
    await act(async () => void fireEvent.click(box('margin')));
    expect(box('margin').checked).toBe(true);
    await act(async () => void fireEvent.click(box('futures')));
    expect(box('futures').checked).toBe(false);
    await act(async () => void fireEvent.click(box('spot')));
    expect([box('spot').checked, box('margin').checked]).toEqual([false, true]);
  });
});
