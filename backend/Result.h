#pragma once

#include <utility>
#include <variant>

/**
 * A value or an error, for operations whose failure is an expected outcome the caller must
 * handle (a lost compare-and-set, a budget reached, a dropped connection). Errors are values
 * with codes, not strings, so callers and tests branch on the code.
 *
 * E is the error type (e.g. StoreError). Accessing value() on an error, or error() on a value,
 * is a programming error (asserts in debug builds).
 */
template <typename T, typename E>
class Result
{
public:
    Result(T value) : m_data(std::in_place_index<0>, std::move(value)) {}
    Result(E error) : m_data(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<0>(m_data); }
    T& value() & { return std::get<0>(m_data); }
    // By value, so `for (x : f().value())` does not iterate a destroyed temporary.
    T value() && { return std::get<0>(std::move(m_data)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    /** The value, or fallback on an error: for a caller that goes on as if empty after a failure
        that was already reported (e.g. logged where it happened). */
    T valueOr(T fallback) const& { return ok() ? value() : std::move(fallback); }

    const E& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, E> m_data;
};

/** Result of an operation that yields no value: either success or an error. */
template <typename E>
class Result<void, E>
{
public:
    Result() = default;
    Result(E error) : m_error(std::move(error)), m_failed(true) {}

    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const E& error() const { return m_error; }

private:
    E m_error{};
    bool m_failed = false;
};
