/** A log clock for the text only (absolute dates never enter fields): 09:00:00 minus the offset. */
export const clockAt = (secondsAgo: number) => {
  const total = Math.floor((9 * 3600 - secondsAgo + 86400) % 86400);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
};
