/**
 * The one axios instance of the request layer. Kept apart from client.ts so
 * that the device-token and signing services (which client.ts uses) can make
 * their own plain calls through it without an import cycle.
 */
import { API_PREFIX } from '@quay/core';
import axios from 'axios';

export const REQUEST_TIMEOUT_MS = 10_000;

export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS, withCredentials: true });

export function apiPath(path: string): string {
  if (path.startsWith(`${API_PREFIX}/`)) return path;
  return `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}
