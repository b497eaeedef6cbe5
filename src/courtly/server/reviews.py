"""Reviews of finished games: the ``hard`` search judges each decision of one
seat. A review replays a finished game (its record is public by then), one
review at a time per table, and is kept in memory once computed."""

from __future__ import annotations

import asyncio

from courtly.bots import review as advice
from courtly.engine.errors import CourtlyError
from courtly.server.bots import SearchStuck
from courtly.server.core import REVIEWS_KEPT, Busy, HubCore, Live, ReviewJob, log


class Reviews(HubCore):
    """Starting, following and working out reviews."""

    def review_of(self, live: Live, seat: int) -> ReviewJob | None:
        """The review of ``seat`` asked for at this finished table, if any."""
        table = live.table
        if not table.state.over:
            # Before the end, every seat's hidden cards are still secret.
            raise CourtlyError("a review is available once the game is over")
        if not 0 <= seat < table.state.players:
            raise CourtlyError(
                f"seat {seat} is not a seat of this table: seats run 0 to {table.state.players - 1}"
            )
        return self.reviews.get((table.id, seat))

    def start_review(self, live: Live, seat: int, address: str = "?") -> ReviewJob:
        """The review of ``seat``: the one computed or under way, or a new one
        (unless another seat's is under way at this table, or ``address`` has
        as many under way or waiting as it may: ``Limits.reviews``)."""
        job = self.review_of(live, seat)
        if job is not None and job.status != "failed":
            return job
        running = live.reviewing
        if running is not None:
            raise Busy(
                f"the review of seat {running.seat} is being worked out at this table "
                "(one at a time): ask again when it is done"
            )
        most = self.limits.reviews
        mine = sum(j.status == "running" and j.address == address for j in self.reviews.values())
        if mine >= most:
            asked = (
                "1 review you asked for is" if mine == 1 else f"{mine} reviews you asked for are"
            )
            raise Busy(
                f"{asked} being worked out (at most {most} at once from one address): "
                "ask again when one is done"
            )
        job = ReviewJob(table=live.table.id, seat=seat, think=self.review_think, address=address)
        key = (live.table.id, seat)
        self.reviews[key] = job
        self.reviews.move_to_end(key)
        while len(self.reviews) > REVIEWS_KEPT:
            oldest = next((k for k, j in self.reviews.items() if j.status != "running"), None)
            if oldest is None:
                break
            del self.reviews[oldest]
        live.reviewing = job
        self._spawn(self._review(live, job))
        return job

    async def _review(self, live: Live, job: ReviewJob) -> None:
        table = live.table
        try:
            async with self._reviewing:
                await self._work_out(live, job)
        except Exception as exc:
            job.status = "failed"
            if isinstance(exc, SearchStuck):  # its workers are stopped: a line, no traceback
                log.warning("table %s: the review of seat %s: %s", table.id, job.seat, exc)
                job.error = "the review's search did not finish; ask again"
            else:
                log.exception("table %s: the review of seat %s failed", table.id, job.seat)
                job.error = "the review could not be worked out; ask again"
        finally:
            live.reviewing = None

    async def _work_out(self, live: Live, job: ReviewJob) -> None:
        """Replay the record for the seat's decisions, then judge each in the pool."""
        table = live.table
        record = table.state.record()
        loop = asyncio.get_running_loop()
        found, forced = await loop.run_in_executor(
            self.pool.threads, advice.decisions, record, job.seat
        )
        job.total = len(found)
        out = advice.Review(
            game=table.game.id,
            seat=job.seat,
            think=job.think,
            players=record.players,
            forced=forced,
        )
        for decision in found:
            analysis = await self.pool.analyse(
                table.game.id,
                decision.observation,
                [a.id for a in decision.legal],
                advice.decision_seed(record, decision),
                job.think,
                table=table.id,
                lineup=table.lineup(),
            )
            out.verdicts.append(advice.judge(decision, analysis))
            job.done += 1
        job.result = out.to_json()
        job.status = "done"
