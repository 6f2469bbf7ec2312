import { MARGIN_PATHS, type MarginRecord, type Page } from '@quay/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { pageOf, type ListAnswer } from '../list-answer';
import { marginKeys, type MarginRecordFilter } from './margin-keys';

export function marginRecordParams(filter: MarginRecordFilter, pageNo: number, pageSize: number) {
  return {
    kind: filter.kind,
    pageNo: String(pageNo),
    pageSize: String(pageSize),
    ...(filter.mode ? { mode: filter.mode } : {}),
    ...(filter.symbol ? { symbol: filter.symbol } : {}),
    ...(filter.coin ? { coin: filter.coin } : {}),
    ...(filter.begin !== null ? { startTime: String(filter.begin) } : {}),
    ...(filter.end !== null ? { endTime: String(filter.end) } : {}),
  };
}

export function fetchMarginRecords(
  filter: MarginRecordFilter,
  pageNo: number,
  pageSize: number,
): Promise<Page<MarginRecord>> {
  return request<ListAnswer<MarginRecord>>(MARGIN_PATHS.records, {
    params: marginRecordParams(filter, pageNo, pageSize),
  }).then((answer) => pageOf(answer, pageNo, pageSize));
}

/** Borrows, repayments, interest or liquidations, newest first, one page. */
export function useMarginRecords(filter: MarginRecordFilter, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: marginKeys.records(filter, pageNo, pageSize),
    queryFn: () => fetchMarginRecords(filter, pageNo, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
