import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDialog } from './app-dialog';
import { messageBox, promptBox, type MessageBoxAction, type PromptResult } from './message-box';
import { TestProviders } from './test-providers';
import { setViewportWidth } from './test-viewport';

const panel = (testId: string) =>
  screen.getByTestId(testId).querySelector<HTMLElement>('.ant-modal');
const container = (testId: string) =>
  screen.getByTestId(testId).querySelector<HTMLElement>('.ant-modal-container');

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

describe('AppDialog', () => {
  it.each([
    ['small', '396px'],
    ['medium', '480px'],
    ['large', '640px'],
    ['xlarge', '720px'],
  ] as const)('is %s: %s wide, 15vh from the top', (size, width) => {
    render(
      <TestProviders>
        <AppDialog open size={size} testId="d" title="Title">
          body
        </AppDialog>
      </TestProviders>,
    );
    expect(panel('d')?.style.width).toBe(width);
    expect(panel('d')?.style.top).toBe('15vh');
  });

  it('under 768 px keeps between 30vh and 80vh of height and scrolls its body', () => {
    setViewportWidth(375);
    render(
      <TestProviders>
        <AppDialog open testId="d" title="Title">
          body
        </AppDialog>
      </TestProviders>,
    );
    expect(container('d')?.style.maxHeight).toBe('80vh');
    expect(container('d')?.style.minHeight).toBe('30vh');
    const body = screen.getByTestId('d').querySelector<HTMLElement>('.ant-modal-body');
    expect(body?.style.overflowY).toBe('auto');
  });
});

describe('message box', () => {
  // Wrapped: an async function returning the promise itself would wait for it.
  async function open(testId: string): Promise<{ result: Promise<MessageBoxAction> }> {
    let result!: Promise<MessageBoxAction>;
    await act(async () => {
      result = messageBox({ title: 'Delete?', content: 'It cannot be undone', testId });
    });
    // The box loads with the first one shown.
    await screen.findByTestId(`${testId}-confirm`);
    return { result };
  }

  it('sits 30vh from the top and resolves to the button pressed', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const { result: confirmed } = await open('box-a');
    expect(panel('box-a')?.style.top).toBe('30vh');
    expect(panel('box-a')?.style.width).toBe('396px');
    await act(async () => void fireEvent.click(screen.getByTestId('box-a-confirm')));
    await expect(confirmed).resolves.toBe('confirm');

    const { result: cancelled } = await open('box-b');
    await act(async () => void fireEvent.click(screen.getByTestId('box-b-cancel')));
    await expect(cancelled).resolves.toBe('cancel');
  });

  it('resolves to close on the cross or Escape', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const { result: crossed } = await open('box-c');
    const cross = screen.getByTestId('box-c').querySelector('.ant-modal-close');
    if (!cross) throw new Error('no close button');
    await act(async () => void fireEvent.click(cross));
    await expect(crossed).resolves.toBe('close');

    const { result: escaped } = await open('box-d');
    const dialog = screen.getByTestId('box-d').querySelector('.ant-modal-section, [role="dialog"]');
    await act(async () => void fireEvent.keyDown(dialog ?? document.body, { key: 'Escape' }));
    await expect(escaped).resolves.toBe('close');
  });
});

describe('prompt box', () => {
  async function prompt(
    options: Parameters<typeof promptBox>[0],
  ): Promise<{ result: Promise<PromptResult> }> {
    let result!: Promise<PromptResult>;
    await act(async () => {
      result = promptBox(options);
    });
    await screen.findByTestId(`${options.testId ?? 'message-box'}-input`);
    return { result };
  }
  const type = (testId: string, value: string) =>
    act(
      async () =>
        void fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { value } }),
    );
  const confirm = (testId: string) =>
    act(async () => void fireEvent.click(screen.getByTestId(`${testId}-confirm`)));

  it('blocks confirm while the pattern fails, showing the supplied message', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const { result } = await prompt({
      title: 'Amount',
      pattern: /^\d+$/,
      errorMessage: 'Digits only',
      testId: 'p1',
    });
    await type('p1', '12a');
    await confirm('p1');
    expect(screen.getByRole('alert').textContent).toBe('Digits only');
    expect(screen.getByTestId('p1-input').getAttribute('aria-invalid')).toBe('true');
    await type('p1', '120');
    expect(screen.queryByRole('alert')).toBeNull();
    await confirm('p1');
    await expect(result).resolves.toEqual({ action: 'confirm', value: '120' });
  });

  it('shows the validator message, or the catalogue default when it returns false', async () => {
    render(<TestProviders>{null}</TestProviders>);
    const { result } = await prompt({
      testId: 'p2',
      validator: (v) => (v.length < 3 ? 'Too short' : v !== 'bad'),
    });
    await type('p2', 'ab');
    await confirm('p2');
    expect(screen.getByRole('alert').textContent).toBe('Too short');
    await type('p2', 'bad');
    await confirm('p2');
    expect(screen.getByRole('alert').textContent).toBe('The value is not valid');
    await act(async () => void fireEvent.click(screen.getByTestId('p2-cancel')));
    await expect(result).resolves.toEqual({ action: 'cancel' });
    await waitFor(() => expect(screen.queryByTestId('p2-input')).toBeNull());
  });
});
