/**
 * antd's Result, loaded when first shown: its drawings weigh more than the
 * screens that only show one when something is missing or failed should
 * carry on every load.
 */
import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const AntdResult = lazy(() => import('antd/es/result'));

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntdResult {...props} />
    </Suspense>
  );
}
