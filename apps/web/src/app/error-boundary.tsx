import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../platform/i18n/i18n';
import { Result } from '../ui/result';

/** Last line of defence: a broken screen shows a way out, not a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title={translate('common.errorTitle')}
        subTitle={translate('common.errorText')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {translate('common.reload')}
          </Button>
        }
      />
    );
  }
}
