/** Fixed-window counters: the key names the limit, the subject and the window's number. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** When the window ends; rows past it are swept. */
  expires_at: number;
}
