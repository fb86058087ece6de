"""Output and messages: report() says, on standard error, what failed and what to do.
"""

from .core import ADVICE


# Output and messages


def names(instruments, limit=5):
    shown = [f"'{i.asked}'" for i in instruments[:limit]]
    if len(instruments) > limit:
        shown.append(f"and {len(instruments) - limit} more")
    return ", ".join(shown)


def report(run, warn, verbose):
    """One line per group of symbols left without a quote, naming every source asked
    and why it gave none; then what to do, once per failure class."""
    groups = {}
    kinds = []
    for n, instrument in enumerate(run.instruments):
        attempts = run.attempts[n]
        if n in run.quotes:
            if verbose and attempts:
                warn(
                    f"{instrument.display} from {run.quotes[n].source} after "
                    + "; ".join(a.words() for a in attempts)
                )
            continue
        signature = tuple((a.source, a.kind, a.detail) for a in attempts)
        groups.setdefault(signature, []).append(instrument)
    for signature, instruments in groups.items():
        if not signature:
            warn(
                f"no quote for {names(instruments)}: "
                + (
                    f"--source {','.join(run.choice)} does not cover "
                    if run.choice
                    else "no source covers "
                )
                + ("it" if len(instruments) == 1 else "them")
            )
            continue
        said = "; ".join(f"{s}: {k} ({d})" for s, k, d in signature)
        warn(f"no quote for {names(instruments)}: {said}")
        for _, kind, _ in signature:
            if kind in ADVICE and kind not in kinds:
                kinds.append(kind)
    for kind in kinds:
        warn(f"{kind}: {ADVICE[kind]}")
