/** A player's private iCalendar feed (issue 47 item 4): the token in its URL, shown to its owner in Settings. */
export interface CalendarFeedsTable {
  user_id: number;
  token: string;
  created_at: string;
}
