import { ASSET_PATHS, type AssetRecord, type AssetRecordType, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchAssetRecords(type: AssetRecordType, page: number, pageSize: number) {
  return request<Page<AssetRecord>>(ASSET_PATHS.records, {
    params: { type, pageNo: String(page), pageSize: String(pageSize) },
  });
}

// Under the 'asset' key: a withdrawal asked for on the wallet pages refreshes this list too.
export const assetRecordsQuery = (type: AssetRecordType, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['asset', 'records', type, page, pageSize],
    queryFn: () => fetchAssetRecords(type, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Deposits, withdrawals or transfers, newest first, one page. */
export function useAssetRecords(type: AssetRecordType, page: number, pageSize: number) {
  return useQuery(assetRecordsQuery(type, page, pageSize));
}
