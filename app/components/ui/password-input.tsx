import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Input } from "./field";
import { EyeIcon, EyeOffIcon } from "./icons";

/** A password field with a show/hide toggle (the toggle needs JavaScript, so it appears with it). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }
>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <Input ref={ref} {...props} type={visible ? "text" : "password"} className="pr-10" />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-400 hover:text-slate-600"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
        </button>
      ) : null}
    </div>
  );
});
