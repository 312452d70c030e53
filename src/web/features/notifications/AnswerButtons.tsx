import { useState } from "react";
import { errorText } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { type Answerable, answerFromBell } from "./api.ts";

const WORDS = {
  friend_request: { accepted: "Friend request accepted", declined: "Friend request declined" },
  league_invitation: { accepted: "Invitation accepted", declined: "Invitation declined" },
} as const;

interface AnswerButtonsProps {
  answer: Answerable;
  about: string;
  /** Answered: the item will leave the list (the list then moves focus on). */
  onAnswered(): void;
}

/**
 * Accept / Decline under a waiting friend request or league invitation in the bell. While the answer
 * goes, they say so (aria-disabled) rather than turn disabled: a disabled button drops the focus.
 */
export function AnswerButtons({ answer, about, onAnswered }: AnswerButtonsProps) {
  const { user } = useCurrentUser();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const reply = async (accept: boolean) => {
    if (pending) return;
    setPending(true);
    onAnswered();
    try {
      await answerFromBell(answer, accept, user.id);
      toast({ title: WORDS[answer.kind][accept ? "accepted" : "declined"], description: about });
    } catch (failure) {
      toast({
        title: "Could not answer",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
      setPending(false);
    }
  };
  return (
    <div className="notification-answer">
      <button
        type="button"
        aria-label={`Accept: ${about}`}
        aria-disabled={pending || undefined}
        onClick={() => void reply(true)}
      >
        Accept
      </button>
      <button
        type="button"
        className="secondary outline"
        aria-label={`Decline: ${about}`}
        aria-disabled={pending || undefined}
        onClick={() => void reply(false)}
      >
        Decline
      </button>
    </div>
  );
}
