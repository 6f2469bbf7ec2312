/**
 * Security reports (spec sections 7 and 8): device-token and signing events
 * go to the CSP report endpoint as application/csp-report, payload
 * `{ bizType, data: { event, reason }, timestamp, page }`. Reporting never
 * throws and never shows anything.
 */
import { CSP_REPORT_PATH } from '@quay/core';
import { http } from '../request/http';

export type SecurityBizType = 'deviceToken' | 'gatewaySign';

export interface SecurityReport {
  bizType: SecurityBizType;
  data: { event: string; reason: string };
  timestamp: number;
  page: string;
}

/** Reasons are cut to this many characters; the server keeps 8 KiB a report. */
const REASON_MAX = 2000;

export function securityReportOf(
  bizType: SecurityBizType,
  event: string,
  reason: string,
  now: number,
  page: string,
): SecurityReport {
  return { bizType, data: { event, reason: reason.slice(0, REASON_MAX) }, timestamp: now, page };
}

export function reportSecurityEvent(bizType: SecurityBizType, event: string, reason = ''): void {
  const page = typeof location === 'undefined' ? '' : location.pathname;
  const report = securityReportOf(bizType, event, reason, Date.now(), page);
  void http
    .post(CSP_REPORT_PATH, JSON.stringify(report), {
      headers: { 'Content-Type': 'application/csp-report' },
    })
    .catch(() => undefined);
}
