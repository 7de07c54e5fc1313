export default function LandingPage() {
  return (
    <section className="onboarding">
      <h1>Sign up or log in to get job matches made for you</h1>
    </section>
  );
}
