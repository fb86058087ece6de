"""Failover (--source auto): Run asks for each symbol the sources of its class in
turn, skipping those backing off, and keeps the first real quote; orders_for().
"""

import os
import time

from .core import BACKOFF, Failure, MAX_REQUESTS, NEEDS_KEY, NOT_ASKED, UNKNOWN
from .http import Http, now, redact
from .quote import Quote
from .sources import AUTO, PRIORITY, SOURCES
from .sources.base import Ask
from .state import key_folder, read_key


# Failover


class Attempt:
    def __init__(self, source, kind, detail):
        self.source = source
        self.kind = kind
        self.detail = detail

    def words(self):
        return f"{self.source}: {self.kind} ({self.detail})"


def until_words(until):
    moment = time.localtime(until)
    if until - now() > 20 * 3600:
        return time.strftime("%Y-%m-%d %H:%M", moment)
    return time.strftime("%H:%M", moment)


class Run:
    """One run: the instruments, the sources each is asked, what each source said."""

    def __init__(self, instruments, orders, deadline, state, log):
        self.instruments = instruments
        self.orders = orders  # index -> [source names]
        self.deadline = deadline
        self.state = state
        self.log = log
        self.quotes = {}
        self.attempts = {i: [] for i in range(len(instruments))}
        self.dead = {}  # source -> Attempt that stands for every later symbol
        self.choice = None  # the --source list, when not auto
        self.keys = {}

    def key_for(self, source):
        if source.name not in self.keys:
            try:
                self.keys[source.name] = read_key(source)
                if self.keys[source.name] is None:
                    self.keys[source.name] = Failure(
                        NEEDS_KEY,
                        f"no key: set ${source.key_env} or put it in {key_folder()}/{source.name}",
                    )
            except Failure as failure:
                self.keys[source.name] = failure
        return self.keys[source.name]

    def go(self):
        position = {i: 0 for i in range(len(self.instruments))}
        pending = set(position)
        while pending:
            groups = {}
            for i in sorted(pending):
                order = self.orders[i]
                while position[i] < len(order) and order[position[i]] in self.dead:
                    self.attempts[i].append(self.dead[order[position[i]]])
                    position[i] += 1
                if position[i] >= len(order):
                    pending.discard(i)
                    continue
                groups.setdefault(order[position[i]], []).append(i)
            if not groups:
                break
            name = min(groups, key=PRIORITY.index)
            members = groups[name]
            later = len(groups) > 1 or any(position[i] + 1 < len(self.orders[i]) for i in members)
            self.ask(SOURCES[name], members, later)
            for i in members:
                position[i] += 1
                if i in self.quotes:
                    pending.discard(i)

    def ask(self, source, members, later):
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            self.dead[source.name] = Attempt(source.name, NOT_ASKED, "out of time (--timeout)")
            for i in members:
                self.attempts[i].append(self.dead[source.name])
            return
        backoff = self.state.backoff(source.name)
        if backoff:
            detail = f"not asked again before {until_words(backoff['until'])}; {backoff.get('detail', '')}"
            self.dead[source.name] = Attempt(source.name, backoff["kind"], detail)
            self.log(f"{source.name}: skipped, {backoff['kind']}: {detail}")
            for i in members:
                self.attempts[i].append(self.dead[source.name])
            return
        key = None
        if source.key_env:
            key = self.key_for(source)
            if isinstance(key, Failure):
                self.dead[source.name] = Attempt(source.name, key.kind, key.detail)
                for i in members:
                    self.attempts[i].append(self.dead[source.name])
                return
        # Each instrument once; batches as the source's API allows; at most MAX_REQUESTS.
        unique = {}
        for i in members:
            unique.setdefault(self.instruments[i].key, self.instruments[i])
        instruments = list(unique.values())
        budget = remaining / 2 if later else remaining
        http = Http(source, time.monotonic() + budget, self.log)
        ask = Ask(source, http, key, self.state)
        results = {}
        failure = None
        # Sources of one symbol a request (batch 1) take them all and keep their own count.
        step = source.batch if source.batch > 1 else max(len(instruments), 1)
        limit = source.batch * MAX_REQUESTS if source.batch > 1 else len(instruments)
        for start in range(0, min(len(instruments), limit), step):
            batch = instruments[start : start + step]
            try:
                results.update(source.fetch(ask, batch))
            except Failure as error:
                results.update(getattr(error, "partial", {}))
                if error.kind in (UNKNOWN, NOT_ASKED):  # about these symbols, not the source
                    results.update({i.key: error for i in batch if i.key not in results})
                    continue
                failure = error
                break
        for i in instruments[limit:]:
            results[i.key] = Failure(NOT_ASKED, f"at most {limit} symbols from {source.name} a run")
        if failure is not None:
            self.log(f"{source.name}: {failure.kind}: {redact(failure.detail)}")
            if failure.kind in BACKOFF:
                self.state.failed(source.name, failure)
                entry = self.state.backoff(source.name)
                if entry:
                    failure.detail += f"; not asked again before {until_words(entry['until'])}"
            self.dead[source.name] = Attempt(source.name, failure.kind, redact(failure.detail))
        elif any(isinstance(r, Quote) or r.kind == UNKNOWN for r in results.values()):
            self.state.worked(source.name)
        for i in members:
            result = results.get(self.instruments[i].key)
            if isinstance(result, Quote):
                self.quotes[i] = result.named(self.instruments[i])
            elif isinstance(result, Failure):
                self.attempts[i].append(Attempt(source.name, result.kind, redact(result.detail)))
            elif failure is not None:
                self.attempts[i].append(self.dead[source.name])


def orders_for(instruments, choice):
    """For each instrument, the sources to ask in turn."""
    orders = {}
    for n, instrument in enumerate(instruments):
        if choice == ["auto"]:
            names = [
                s for s in AUTO[instrument.kind] if not SOURCES[s].key_env or has_key(SOURCES[s])
            ]
        else:
            names = choice
        orders[n] = [s for s in names if SOURCES[s].covers(instrument)]
    return orders


def has_key(source):
    if os.environ.get(source.key_env, "").strip():
        return True
    return os.path.exists(os.path.join(key_folder(), source.name))
