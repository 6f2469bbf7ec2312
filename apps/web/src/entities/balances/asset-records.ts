import { ASSET_PATHS, type AssetRecord, type AssetRecordType, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { balanceKeys } from './balance-keys';

export function fetchAssetRecords(
  type: AssetRecordType,
  page: number,
  pageSize: number,
): Promise<Page<AssetRecord>> {
  return request<Page<AssetRecord>>(ASSET_PATHS.records, {
    params: { type, pageNo: String(page), pageSize: String(pageSize) },
  });
}

export const assetRecordsQuery = (type: AssetRecordType, page: number, pageSize: number) =>
  queryOptions({
    queryKey: balanceKeys.records(type, page, pageSize),
    queryFn: () => fetchAssetRecords(type, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Deposits, withdrawals or transfers, newest first, one page. */
export function useAssetRecords(type: AssetRecordType, page: number, pageSize: number) {
  return useQuery(assetRecordsQuery(type, page, pageSize));
}
