/** A result as it stays on the screen; the live region above has already said it. */
export function PayResult(props: {
  icon: string;
  tone: 'good' | 'bad' | 'neutral';
  title: string;
  message: string;
}) {
  return (
    <div className={`pay-result pay-result-${props.tone}`}>
      <div className="pay-result-icon" aria-hidden="true">
        {props.icon}
      </div>
      <h1>{props.title}</h1>
      <p>{props.message}</p>
    </div>
  );
}
