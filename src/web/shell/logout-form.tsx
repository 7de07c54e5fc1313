/** Log out: a plain form post (same-origin checked on the server), so it works before and without script. */
export function LogoutForm({ buttonClassName }: { buttonClassName: string }) {
  return (
    <form method="post" action="/logout">
      <button type="submit" className={buttonClassName}>
        Log out
      </button>
    </form>
  );
}
