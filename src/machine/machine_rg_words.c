/* Responsible gaming's words: durations and times as a person says them, in the language on
 * screen for the player and the operator, in English for the audit log's rows (machine_rg.h). */
#define _POSIX_C_SOURCE 200809L
#include "lang.h"
#include "machine_rg.h"

#include <stdio.h>
#include <time.h>

#define MINUTE_MS 60000LL

/* "1 hour", "2 days" (u: 0 days, 1 hours, 2 minutes) */
static void unit(int u, int64_t v, bool screen, char *out, size_t n) {
    const char *fmt;
    if (u == 0)
        fmt = screen ? NG_("%lld day", "%lld days", v) : v == 1 ? "%lld day" : "%lld days";
    else if (u == 1)
        fmt = screen ? NG_("%lld hour", "%lld hours", v) : v == 1 ? "%lld hour" : "%lld hours";
    else
        fmt = screen   ? NG_("%lld minute", "%lld minutes", v)
              : v == 1 ? "%lld minute"
                       : "%lld minutes";
    snprintf(out, n, fmt, (long long)v);
}

/* the two largest units, as a person says it: "1 hour 5 minutes", "1小时5分钟" */
static const char *duration(int64_t ms, bool screen, char *buf, size_t n) {
    int64_t min = ms / MINUTE_MS, days = min / 1440, hours = min % 1440 / 60, mins = min % 60;
    if (min < 1) {
        snprintf(buf, n, "%s", screen ? _("less than a minute") : "less than a minute");
        return buf;
    }
    int64_t big = days ? days : hours ? hours : mins, small = days ? hours : hours ? mins : 0;
    char a[48], b[48];
    unit(days ? 0 : hours ? 1 : 2, big, screen, a, sizeof a);
    if (!small) {
        snprintf(buf, n, "%s", a);
        return buf;
    }
    unit(days ? 1 : 2, small, screen, b, sizeof b);
    /* TRANSLATORS: two parts of a time, "1 hour" and "5 minutes": "1 hour 5 minutes" */
    snprintf(buf, n, screen ? C_("duration", "%s %s") : "%s %s", a, b);
    return buf;
}

const char *machine_rg_duration(int64_t ms, char *buf, size_t n) {
    return duration(ms, true, buf, n);
}

const char *machine_rg_duration_en(int64_t ms, char *buf, size_t n) {
    return duration(ms, false, buf, n);
}

/* "14:35" today, else "Tue 3 Dec 14:35" (the C library's names are English whatever the
 * language: the screen's come from the catalogs) */
static const char *when(int64_t utc_ms, int64_t now_ms, bool screen, char *buf, size_t n) {
    time_t t = (time_t)(utc_ms / 1000), now = (time_t)(now_ms / 1000);
    struct tm tm, tn;
    localtime_r(&t, &tm);
    localtime_r(&now, &tn);
    if (tm.tm_year == tn.tm_year && tm.tm_yday == tn.tm_yday) {
        strftime(buf, n, "%H:%M", &tm);
        return buf;
    }
    if (!screen) {
        strftime(buf, n, "%a %d %b %H:%M", &tm);
        return buf;
    }
    static const char *const days[7] = {
        NC_("weekday", "Sun"), NC_("weekday", "Mon"), NC_("weekday", "Tue"), NC_("weekday", "Wed"),
        NC_("weekday", "Thu"), NC_("weekday", "Fri"), NC_("weekday", "Sat")};
    static const char *const months[12] = {
        NC_("month", "Jan"), NC_("month", "Feb"), NC_("month", "Mar"), NC_("month", "Apr"),
        NC_("month", "May"), NC_("month", "Jun"), NC_("month", "Jul"), NC_("month", "Aug"),
        NC_("month", "Sep"), NC_("month", "Oct"), NC_("month", "Nov"), NC_("month", "Dec")};
    char day[8], time[8];
    snprintf(day, sizeof day, "%02d", tm.tm_mday);
    strftime(time, sizeof time, "%H:%M", &tm);
    const char *names[4] = {"weekday", "day", "month", "time"};
    const char *values[4] = {lang_context(days[tm.tm_wday]), day, lang_context(months[tm.tm_mon]),
                             time};
    /* TRANSLATORS: a day and time; keep the {names}: "Tue 03 Dec 14:35" */
    return lang_fill(C_("date", "{weekday} {day} {month} {time}"), names, values, 4, buf, n);
}

const char *machine_rg_when(int64_t utc_ms, int64_t now_ms, char *buf, size_t n) {
    return when(utc_ms, now_ms, true, buf, n);
}

const char *machine_rg_when_en(int64_t utc_ms, int64_t now_ms, char *buf, size_t n) {
    return when(utc_ms, now_ms, false, buf, n);
}
