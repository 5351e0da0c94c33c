//! Memory of the machine and of this process, and large tables backed by huge pages.
//!
//! Random access into tables of hundreds of MiB costs a TLB miss as well as a cache miss with
//! 4 KiB pages; transparent huge pages (2 MiB) remove most of the former. Linux gives them only
//! on request (`madvise`) on many machines, so large tables ask for them before first use.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Choice, Error};

/// Total memory of this machine in bytes, when it can be read (Linux `/proc/meminfo`).
pub(crate) fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The default memory limit of a solve: three quarters of the machine's memory.
pub fn default_memory_limit() -> Option<u64> {
    machine_memory().map(|m| m / 4 * 3)
}

/// Peak resident memory of this process so far in bytes (Linux `VmHWM`), when it can be read.
pub fn peak_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Asks the kernel to back the pages of `table` with huge pages (a hint: nothing happens where
/// it is not supported). Call it before the table is first written.
pub(crate) fn advise_huge_pages<T>(table: &mut [T]) {
    const HUGE: usize = 2 << 20;
    let bytes = std::mem::size_of_val(table);
    if bytes < 4 * HUGE {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        let start = table.as_mut_ptr() as usize;
        let aligned = start.next_multiple_of(4096);
        let len = (start + bytes - aligned) / 4096 * 4096;
        // SAFETY: the range lies inside `table`, which we borrow mutably; MADV_HUGEPAGE changes
        // no contents.
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
}

/// Hands the memory that the allocator holds but no longer uses back to the system (glibc keeps
/// freed blocks for reuse: after a phase with large transient buffers, they would count in the
/// resident memory of the next one).
pub(crate) fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Asks the processor to bring the cache line of `item` in (a hint; nothing elsewhere).
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching has no effect on memory contents and never faults.
    unsafe {
        std::arch::x86_64::_mm_prefetch(item as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// `n` atomic words, zero, on huge pages where possible (for tables read at random: the
/// processor then needs far fewer page-table walks). Aborts when the memory cannot be had, as
/// `vec!` does; see [`try_zeroed_atomics`].
pub fn zeroed_atomics(n: usize) -> Vec<AtomicU64> {
    let layout = std::alloc::Layout::array::<AtomicU64>(n).unwrap_or_else(|_| panic!("{n} words overflow"));
    try_zeroed_atomics(n).unwrap_or_else(|| std::alloc::handle_alloc_error(layout))
}

/// [`zeroed_atomics`], or `None` when the memory cannot be had.
pub fn try_zeroed_atomics(n: usize) -> Option<Vec<AtomicU64>> {
    if n == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<AtomicU64>(n).ok()?;
    // SAFETY: the layout's size is not zero. Zeroed allocation maps pages lazily, so the advice
    // comes before any page exists.
    let words = unsafe { std::alloc::alloc_zeroed(layout) } as *mut AtomicU64;
    if words.is_null() {
        return None;
    }
    // SAFETY: `words` is a fresh allocation of `n` zeroed words with the layout of
    // `[AtomicU64; n]` (zero is a valid AtomicU64), owned by the Vec from here on and freed by
    // it with the same layout (the global allocator's, capacity `n`).
    let mut words = unsafe { Vec::from_raw_parts(words, n, n) };
    advise_huge_pages(&mut words);
    Some(words)
}

/// Resident memory of this process now, in bytes (Linux `/proc/self/statm`), when it can be read.
pub(crate) fn current_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The memory limit of the solvers that cannot estimate their needs before starting (the
/// hash-map exploration of memo search, retrograde analysis over an explored graph, Sprague-
/// Grundy): 0 means the default, [`default_memory_limit`].
static LIMIT: AtomicU64 = AtomicU64::new(0);

/// Sets the memory limit of this process's solves (`--memory`).
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The memory limit in force, when one is known.
pub fn limit() -> Option<u64> {
    match LIMIT.load(Ordering::Relaxed) {
        0 => default_memory_limit(),
        bytes => Some(bytes),
    }
}

/// How often, in positions, a growing search compares its memory with the limit.
pub(crate) const CHECK_EVERY: usize = 1 << 16;

/// Fails when this process uses more memory than the limit: a search that keeps every position
/// in a hash map cannot know its size before it starts, so it stops, and says so, when it
/// outgrows the limit rather than when the machine runs out.
pub fn check(positions: usize) -> Result<(), Error> {
    let (Some(limit), Some(used)) = (limit(), current_memory()) else {
        return Ok(());
    };
    if used <= limit {
        return Ok(());
    }
    Err(Error::TooLarge(format!(
        "stopped after {positions} positions: the search uses {} MiB, over the memory limit of {} MiB",
        used >> 20,
        limit >> 20
    ))
    .mended_by(Choice::MemoryLimit))
}

/// A size for people: `580 MB`, `12 kB`, `37 bytes` (powers of 1000).
pub fn describe_bytes(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{:.0} kB", bytes as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.0} MB", bytes as f64 / 1e6),
        _ => format!("{:.1} GB", bytes as f64 / 1e9),
    }
}
