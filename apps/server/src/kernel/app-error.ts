import { ERRORS, type ErrorName } from '@quay/core';
import type { MessageParams } from './messages';

/** An error the client is told about: a registry name and message parameters. */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  /** Read by Fastify and its plugins when they see this error. */
  readonly statusCode: number;

  constructor(
    readonly errorName: ErrorName,
    readonly params: MessageParams = {},
  ) {
    super(errorName);
    this.code = ERRORS[errorName].code;
    this.httpStatus = ERRORS[errorName].http;
    this.statusCode = this.httpStatus;
  }
}

export function appError(name: ErrorName, params: MessageParams = {}): AppError {
  return new AppError(name, params);
}
