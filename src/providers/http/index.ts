export { http, request, refreshSession, buildUrl, API_BASE_URL } from './client';
export type { ApiResponse, RequestOptions, QueryValue } from './client';
export { ApiError, fieldMessage, isApiError } from './api-error';
export type { FieldErrors } from './api-error';
export { pagingFromHeaders } from './paging';
export { uploadWithProgress, type UploadHandle } from './upload';
