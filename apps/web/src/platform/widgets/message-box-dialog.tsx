/** The message box itself, loaded with the first box shown (see message-box.tsx). */
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './app-dialog';
import { removeMessageBox, type MessageBoxEntry } from './message-box-queue';
import { promptError } from './prompt-rules';

export function MessageBoxDialog({ entry }: { entry: MessageBoxEntry }) {
  const { t } = useTranslation();
  const { options, prompt } = entry;
  const testId = options.testId ?? 'message-box';
  const [value, setValue] = useState(options.defaultValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = (v: string) =>
    prompt ? promptError(v, options, t('widgets.promptInvalid')) : null;

  const confirm = () => {
    const problem = check(value);
    setError(problem);
    if (problem === null) entry.settle('confirm', value);
  };

  return (
    <DialogFrame
      kind="message-box"
      size={options.size ?? 'small'}
      testId={testId}
      open={entry.open}
      title={options.title}
      onCancel={() => entry.settle('close', value)}
      afterClose={() => removeMessageBox(entry.id)}
      footer={
        <>
          {options.showCancel !== false && (
            <Button data-testid={`${testId}-cancel`} onClick={() => entry.settle('cancel', value)}>
              {options.cancelText ?? t('common.cancel')}
            </Button>
          )}
          <Button type="primary" data-testid={`${testId}-confirm`} onClick={confirm}>
            {options.confirmText ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {options.content}
      {prompt && (
        <div className="message-box-prompt">
          <Input
            data-testid={`${testId}-input`}
            autoFocus
            value={value}
            placeholder={options.placeholder}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              // Once an error shows, it follows the typing so the user sees when it is fixed.
              if (error !== null) setError(check(e.target.value));
            }}
            onPressEnter={confirm}
          />
          {error && (
            <div
              role="alert"
              className="message-box-error"
              style={{ color: 'var(--ant-color-error)', marginBlockStart: 4 }}
            >
              {error}
            </div>
          )}
        </div>
      )}
    </DialogFrame>
  );
}
