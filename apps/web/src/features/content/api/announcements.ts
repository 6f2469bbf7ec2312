import type { Announcement, AnnouncementSummary, Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export const ANNOUNCEMENT_PAGE_SIZE = 10;
/** The latest announcements the home page lists. */
export const HOME_ANNOUNCEMENT_COUNT = 3;

export function fetchAnnouncements(pageNo: number, pageSize: number) {
  return request<Page<AnnouncementSummary>>('/public/announcements', {
    params: { pageNo: String(pageNo), pageSize: String(pageSize) },
  });
}

export const announcementsQuery = (pageNo: number, pageSize = ANNOUNCEMENT_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['content', 'announcements', pageNo, pageSize],
    queryFn: () => fetchAnnouncements(pageNo, pageSize),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(pageNo: number, pageSize = ANNOUNCEMENT_PAGE_SIZE) {
  return useQuery(announcementsQuery(pageNo, pageSize));
}

export function fetchAnnouncement(id: string) {
  return request<Announcement>(`/public/announcements/${encodeURIComponent(id)}`, {
    silent: true,
  });
}

export const announcementQuery = (id: string) =>
  queryOptions({
    queryKey: ['content', 'announcement', id],
    queryFn: () => fetchAnnouncement(id),
    staleTime: 60_000,
    retry: false,
  });

export function useAnnouncement(id: string) {
  return useQuery(announcementQuery(id));
}
