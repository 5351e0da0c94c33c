//! Positions of a game defined in Python, numbered by their value.
//!
//! Two positions are the same when a dict would take them for the same key: equal hashes and
//! `==` (or the same object). The numbers live in a Rust hash table keyed by Python's hash,
//! rather than in a dict from positions to Python ints: numbering a new position allocates no
//! Python object, and positions that are ints (a common choice: bitmasks) are hashed and compared
//! in Rust, by value, without reading the stored objects. The moves of a position are looked up
//! together ([`Interner::intern_all`]): the table's slots for all of them are fetched from memory
//! at once, rather than one cache miss after another.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};

/// The positions met so far, numbered from 0 in the order they were met.
#[derive(Default)]
pub struct Interner {
    /// Open addressing with linear probing: a slot's home is its hash's low bits.
    slots: Vec<Slot>,
    /// Number → the position.
    objects: Vec<Py<PyAny>>,
    /// The keys and hashes of the positions [`Interner::intern_all`] looks up (kept for its
    /// next call).
    keys: Vec<(Key, u64)>,
    /// The addresses of the positions [`Interner::intern_int_list`] looks up (kept for its next
    /// call: cleared before use, never read across calls).
    items: Vec<usize>,
}

/// What the table holds of a position: what is compared before the position itself (a
/// [`Key`], packed in 16 bytes with the number), and its number.
#[derive(Copy, Clone, Default)]
struct Slot {
    word: u64,
    id: u32,
    /// 0: free; 1: `word` is an int's value; 2: `word` is a hash.
    tag: u32,
}

impl Slot {
    fn key(self) -> Key {
        match self.tag {
            1 => Key::Int(self.word as i64),
            2 => Key::Hash(self.word),
            _ => Key::Free,
        }
    }

    fn new(key: Key, id: u32) -> Slot {
        match key {
            Key::Int(n) => Slot { word: n as u64, id, tag: 1 },
            Key::Hash(h) => Slot { word: h, id, tag: 2 },
            Key::Free => Slot::default(),
        }
    }
}

/// What tells positions apart without calling Python.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Key {
    /// A free slot.
    Free,
    /// An `int` (exactly, not a subclass) that fits in an `i64`: its value.
    Int(i64),
    /// Anything else: its hash, mixed ([`mix`]).
    Hash(u64),
}

impl Key {
    fn hash(self) -> u64 {
        match self {
            Key::Int(n) => mix(int_hash(n)),
            Key::Hash(h) => h,
            Key::Free => 0,
        }
    }
}

/// Why a lookup failed.
pub enum Failure {
    /// The position cannot be hashed (its `__hash__` raised `TypeError`): not a position.
    Unhashable(PyErr),
    /// Its `__hash__` or `__eq__` raised something else, which propagates.
    Raised(PyErr),
}

/// The fewest slots of a table.
const MIN_SLOTS: usize = 1 << 10;

/// Python's hash spread over all 64 bits (Python hashes small ints to themselves).
fn mix(hash: isize) -> u64 {
    let product = u128::from(hash as u64) * 0x9E37_79B9_7F4A_7C15;
    (product as u64) ^ ((product >> 64) as u64)
}

/// Python's hash of the int `n` (`hash(n)`): `n` modulo the Mersenne prime 2^61 - 1, keeping
/// the sign, with -1 (an error in C) made -2. Equal numbers of other types (`1.0`, `True`) hash
/// the same, so they stay the same position, as in a dict.
pub fn int_hash(n: i64) -> isize {
    const MODULUS: u64 = (1 << 61) - 1;
    let magnitude = n.unsigned_abs();
    let reduced = if magnitude < MODULUS { magnitude } else { magnitude % MODULUS } as i64;
    let hash = if n < 0 { -reduced } else { reduced };
    (if hash == -1 { -2 } else { hash }) as isize
}

/// Asks the processor to bring `slot`'s cache line in (a hint: nothing else happens).
#[inline]
fn prefetch(slot: &Slot) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; the pointer comes from a reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((slot as *const Slot).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

impl Interner {
    /// How many positions are numbered.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether no position is numbered yet.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The position numbered `id`.
    pub fn object(&self, id: u32) -> Option<&Py<PyAny>> {
        self.objects.get(id as usize)
    }

    fn key(pos: &Bound<'_, PyAny>) -> Result<Key, Failure> {
        if pos.is_exact_instance_of::<PyInt>() {
            if let Ok(n) = pos.extract::<i64>() {
                return Ok(Key::Int(n));
            }
        }
        match pos.hash() {
            Ok(hash) => Ok(Key::Hash(mix(hash))),
            Err(e) if e.is_instance_of::<PyTypeError>(pos.py()) => Err(Failure::Unhashable(e)),
            Err(e) => Err(Failure::Raised(e)),
        }
    }

    fn home(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    /// Where `pos` (of key `key` and hash `hash`) is, or the free slot where it would go.
    fn probe(&self, pos: &Bound<'_, PyAny>, key: Key, hash: u64) -> Result<(usize, Option<u32>), Failure> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            let same = match (slot.key(), key) {
                (Key::Free, _) => return Ok((at, None)),
                (Key::Int(a), Key::Int(b)) => a == b,
                (known, _) if known.hash() != hash => false,
                // Equal hashes, and not two ints: as a dict, the same object or `==`.
                _ => {
                    let known = &self.objects[slot.id as usize];
                    known.as_ptr() == pos.as_ptr() || known.bind(pos.py()).eq(pos).map_err(Failure::Raised)?
                }
            };
            if same {
                return Ok((at, Some(slot.id)));
            }
            at = (at + 1) & mask;
        }
    }

    /// The number of `pos` if it was met.
    pub fn get(&self, pos: &Bound<'_, PyAny>) -> Result<Option<u32>, Failure> {
        let key = Self::key(pos)?;
        if self.slots.is_empty() {
            return Ok(None);
        }
        Ok(self.probe(pos, key, key.hash())?.1)
    }

    /// The number of `pos`, numbering it if it is new; `None` when 2^32 positions are numbered.
    pub fn intern(&mut self, pos: &Bound<'_, PyAny>) -> Result<Option<u32>, Failure> {
        let key = Self::key(pos)?;
        self.reserve(1);
        self.intern_key(pos, key, key.hash())
    }

    /// The numbers of `positions`, appended to `out` (numbering the new ones); on a failure, the
    /// place of the position that failed. `Ok(false)` when 2^32 positions are numbered.
    pub fn intern_all(
        &mut self,
        positions: &[Bound<'_, PyAny>],
        out: &mut Vec<u32>,
    ) -> Result<bool, (usize, Failure)> {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        let done = self.intern_keys(positions, &mut keys, out);
        self.keys = keys;
        done
    }

    fn intern_keys(
        &mut self,
        positions: &[Bound<'_, PyAny>],
        keys: &mut Vec<(Key, u64)>,
        out: &mut Vec<u32>,
    ) -> Result<bool, (usize, Failure)> {
        for (k, pos) in positions.iter().enumerate() {
            let key = Self::key(pos).map_err(|f| (k, f))?;
            keys.push((key, key.hash()));
        }
        self.reserve(positions.len());
        for &(_, hash) in keys.iter() {
            prefetch(&self.slots[self.home(hash)]);
        }
        for (k, (pos, &(key, hash))) in positions.iter().zip(keys.iter()).enumerate() {
            match self.intern_key(pos, key, hash).map_err(|f| (k, f))? {
                Some(id) => out.push(id),
                None => return Ok(false),
            }
        }
        Ok(true)
    }

    /// The numbers of the positions of `list` appended to `out`, when every one of them is an
    /// `int` (exactly) that fits in an `i64`: the common case of bitmask positions, done without
    /// a reference count or a call into Python per position. `None` (and `out` as it was) when
    /// some position is another object, or an int collides with another object's hash: the
    /// caller then takes the general path ([`Interner::intern_all`]). `Some(false)` when 2^32
    /// positions are numbered.
    pub fn intern_int_list(&mut self, list: &Bound<'_, PyList>, out: &mut Vec<u32>) -> Option<bool> {
        let py = list.py();
        let n = list.len();
        let mut items = std::mem::take(&mut self.items);
        let mut keys = std::mem::take(&mut self.keys);
        items.clear();
        keys.clear();
        let start = out.len();
        let done = (|| {
            for i in 0..n {
                // SAFETY: `i` is within the list; the reference is borrowed from the list, which
                // keeps the item alive: no Python code runs until the items are used (ints are
                // read and compared in Rust), so nothing can change the list meanwhile.
                let item = unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), i as pyo3::ffi::Py_ssize_t) };
                // SAFETY: a live object (above).
                let item = unsafe { Borrowed::from_ptr_or_opt(py, item) }?;
                if !item.is_exact_instance_of::<PyInt>() {
                    return None;
                }
                let n: i64 = item.extract().ok()?;
                let key = Key::Int(n);
                items.push(item.as_ptr() as usize);
                keys.push((key, key.hash()));
            }
            self.reserve(n);
            for &(_, hash) in keys.iter() {
                prefetch(&self.slots[self.home(hash)]);
            }
            for (&item, &(key, hash)) in items.iter().zip(keys.iter()) {
                let Key::Int(value) = key else { unreachable!("ints only") };
                let (at, found) = self.probe_int(value, hash)?;
                let id = match found {
                    Some(id) => id,
                    None => {
                        let Ok(id) = u32::try_from(self.objects.len()) else { return Some(false) };
                        self.slots[at] = Slot::new(key, id);
                        // SAFETY: the address of a live object (above); the new reference is owned.
                        let item = unsafe { Bound::from_borrowed_ptr(py, item as *mut pyo3::ffi::PyObject) };
                        self.objects.push(item.unbind());
                        id
                    }
                };
                out.push(id);
            }
            Some(true)
        })();
        if done.is_none() {
            out.truncate(start);
        }
        self.items = items;
        self.keys = keys;
        done
    }

    /// [`Interner::probe`] of the int `value` (hash `hash`) without Python: `None` when a
    /// position of another type has the same hash (only Python can tell whether they are equal).
    fn probe_int(&self, value: i64, hash: u64) -> Option<(usize, Option<u32>)> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            match slot.key() {
                Key::Free => return Some((at, None)),
                Key::Int(known) if known == value => return Some((at, Some(slot.id))),
                Key::Int(_) => {}
                Key::Hash(known) if known == hash => return None,
                Key::Hash(_) => {}
            }
            at = (at + 1) & mask;
        }
    }

    /// [`Interner::intern`] of a position whose key and hash are known, with room reserved.
    fn intern_key(&mut self, pos: &Bound<'_, PyAny>, key: Key, hash: u64) -> Result<Option<u32>, Failure> {
        let (at, found) = self.probe(pos, key, hash)?;
        if let Some(id) = found {
            return Ok(Some(id));
        }
        let Ok(id) = u32::try_from(self.objects.len()) else { return Ok(None) };
        self.slots[at] = Slot::new(key, id);
        self.objects.push(pos.clone().unbind());
        Ok(Some(id))
    }

    /// Room for `more` positions at a load of at most 3/4 (linear probing slows past it).
    fn reserve(&mut self, more: usize) {
        let wanted = self.objects.len() + more;
        if wanted * 4 <= self.slots.len() * 3 {
            return;
        }
        let size = (wanted * 4 / 3 + 1).next_power_of_two().max(MIN_SLOTS).max(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.key() != Key::Free) {
            let mut at = self.home(slot.key().hash());
            while self.slots[at].key() != Key::Free {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }
}
