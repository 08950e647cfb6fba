// A chat's messages and the line to write in.
import { useState } from "preact/hooks";
import type { ChatMessage } from "../../gen/spacedock/v1/chat_pb.js";
import { describeError } from "../net/connection.js";

export function ChatBox(props: { messages: ChatMessage[]; send: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    try {
      await props.send(text);
      setText("");
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  return (
    <div class="chat">
      <div class="chat-lines" role="log" aria-live="polite">
        {props.messages.map((message) => (
          <p>
            <b>{message.username}</b> {message.text}
          </p>
        ))}
      </div>
      <form onSubmit={submit}>
        <input
          aria-label="Message"
          maxLength={500}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder="Say something"
        />
        <button type="submit">Send</button>
      </form>
      {error && <p class="error">{error}</p>}
    </div>
  );
}
