import type { FastifyReply } from 'fastify';
import { pagingData } from '../../src/domain/user';

/** Sets the contract's `paging-data` header on a list answer and returns the `{result}` body. */
export function paged<T>(res: FastifyReply, rows: T[], page: number, perPage: number, totalCount: number) {
  res.header('paging-data', JSON.stringify(pagingData(page, perPage, totalCount)));
  return { result: rows };
}
